// meta=tokens: Gets tokens for data-modifying actions.
import { createHmac, randomBytes } from 'node:crypto';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { setType, type ResultObject } from '../../api/result.ts';
import { sessionToken as tokenOfSession } from '../../api/session/actions.ts';
import { sessionOf } from '../../api/session/request-session.ts';
import { ANONYMOUS_TOKEN, isSessionBoundForAnyone } from '../../api/session/tokens.ts';

/** MediaWiki's token suffix; a logged-out user's edit token is the suffix alone. */
const TOKEN_SUFFIX = '+\\';

/** Token types MediaWiki derives from the session itself (array salts): real even when logged out. */
const SESSION_TOKEN_SALTS: Readonly<Record<string, string>> = {
  login: 'login',
  createaccount: 'createaccount',
};

/** Without sessions (a server built without them), tokens are signed with a key that lives as long as the process. */
const sessionSecret = randomBytes(32);

export const tokens = defineQueryModule({
  prefix: '',
  classname: 'ApiQueryTokens',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens'],
  readRights: false,
  cacheMode: 'private',
  params: {
    type: {
      type: ['createaccount', 'csrf', 'login', 'patrol', 'rollback', 'userrights', 'watch'],
      default: 'csrf',
      multi: true,
    },
  },
  execute(run) {
    if (run.lacksSameOriginSecurity) {
      run.warn('apiwarn-tokens-origin');
      return;
    }
    const result: ResultObject = setType({}, 'assoc');
    const session = sessionOf(run.caller);
    for (const type of run.params.type) {
      // An anonymous caller's edit tokens are `+\`; login and createaccount tokens belong to its session.
      if (run.caller.isAnonymous && !isSessionBoundForAnyone(type)) result[`${type}token`] = ANONYMOUS_TOKEN;
      else result[`${type}token`] = session ? tokenOfSession(session, type).value : tokenFor(type, run.caller.isAnonymous);
    }
    run.setQueryValue('tokens', result);
  },
});

function tokenFor(type: string, anonymous: boolean): string {
  const salt = SESSION_TOKEN_SALTS[type];
  if (salt !== undefined || !anonymous) return sessionToken(salt ?? type);
  return TOKEN_SUFFIX;
}

/** MediaWiki\Session\Token: HMAC-MD5 of timestamp and salt, the timestamp in hex, the suffix. */
function sessionToken(salt: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const hmac = createHmac('md5', sessionSecret).update(`${timestamp}${salt}`).digest('hex');
  return `${hmac}${timestamp.toString(16)}${TOKEN_SUFFIX}`;
}
