// action=login, clientlogin, logout and checktoken as MediaWiki 1.39 answers them (ApiLogin,
// ApiClientLogin with ApiAuthManagerHelper, ApiLogout, ApiCheckToken), over the request's session.
import type { ActionOutcome, ServedActionDecl } from '../actions/action.ts';
import { mediawikiActions } from '../actions/mediawiki-actions.ts';
import type { RequestContext } from '../context.ts';
import { ApiError, codeForKey, formatMessage } from '../errors.ts';
import { msg, rawParams, stripMarkup, toHtml, toWikitext, type Message } from '../i18n/messages.ts';
import type { ParamDecls } from '../params/declaration.ts';
import { setFlag, type ResultNode, type ResultObject } from '../result.ts';
import type { ServedAction } from '../main-declarations.ts';
import { checkBotPassword, checkMainAccount, botPasswordLogin } from './authenticate.ts';
import { lacksSameOriginSecurity, sessionOf } from './request-session.ts';
import type { RequestSession } from './sessions.ts';
import { ANONYMOUS_TOKEN, isSessionBoundForAnyone, tokenTimestamp, TOKEN_SUFFIX } from './tokens.ts';

/** The session's token of `type` (login and createaccount persist an anonymous session, as MediaWiki's array salts do). */
export function sessionToken(session: RequestSession, type: string): ReturnType<RequestSession['token']> {
  if (isSessionBoundForAnyone(type)) session.persist();
  return session.token(type);
}

/** ApiBase::validateToken for the request's caller. */
export function tokenIsValid(ctx: RequestContext, type: string, token: string, maxAgeSeconds?: number): boolean {
  const session = sessionOf(ctx.caller);
  if (ctx.caller.isAnonymous && !isSessionBoundForAnyone(type)) return token === ANONYMOUS_TOKEN;
  return session !== undefined && sessionToken(session, type).matches(token, maxAgeSeconds);
}

/**
 * What ApiMain checks between reading an action's parameters and running it: the token (in the
 * POST body, and the caller's), the read and write rights, then the method.
 */
function checkBeforeRunning(ctx: RequestContext, action: ServedActionDecl, params: Record<string, unknown>): void {
  const { request, caller } = ctx;
  if (action.needsToken !== undefined) {
    const name = `${action.prefix}token`;
    if (request.inQueryString(name)) throw new ApiError(msg('apierror-mustpostparams', name, 1), { code: 'mustpostparams', modulePath: action.path });
    if (!tokenIsValid(ctx, action.needsToken, params.token as string)) throw new ApiError(msg('apierror-badtoken'), { code: 'badtoken', modulePath: action.path });
  }
  if (action.readRights && !caller.rights.has('read')) throw new ApiError(msg('apierror-readapidenied'), { code: 'readapidenied' });
  if (action.writeRights && !caller.rights.has('writeapi')) throw new ApiError(msg('apierror-writeapidenied'), { code: 'writeapidenied' });
  if (action.mustBePosted && request.method !== 'POST') throw new ApiError(msg('apierror-mustbeposted', action.name), { code: 'mustbeposted' });
}

type Handler = (ctx: RequestContext, action: ServedActionDecl, params: Record<string, unknown>) => Promise<[string, ResultNode][]> | [string, ResultNode][];

/** An action as MediaWiki declares it (recorded), answered by `handler` once ApiMain's checks have passed. */
function servedAction(name: string, handler: Handler): ServedAction {
  return (queryModules) => {
    const recorded = mediawikiActions({ type: 'string' }).actions.get(name)!;
    void queryModules;
    const decl: ServedActionDecl = {
      ...recorded,
      params: recorded.params as ParamDecls,
      handler: {
        async result(ctx, action): Promise<ActionOutcome> {
          const params = ctx.reader.readAll(action, action.path, action.prefix) as Record<string, unknown>;
          checkBeforeRunning(ctx, action, params);
          const top = await handler(ctx, action, params);
          return { cacheMode: 'private', query: null, top, topSeq: ctx.tick() };
        },
      },
    };
    return decl;
  };
}

function requireSession(ctx: RequestContext): RequestSession {
  const session = sessionOf(ctx.caller);
  if (!session) throw new ApiError(msg('apierror-wikiquery-nosessions'), { code: 'nosessions' });
  return session;
}

/** ApiLogin::formatMessage: plain text in the bc error format, the error format's message otherwise. */
function loginMessage(ctx: RequestContext, message: Message, code = codeForKey(message.key)): ResultNode {
  const render = ctx.renderContext();
  // ApiErrorFormatter::stripMarkup of the message's text: tags go, wikitext links stay.
  if (render.errorFormat === 'bc') return stripMarkup(toWikitext(message, render.lang));
  return formatMessage(code, message, render);
}

/** The name of the provider of BotPasswordSessionProvider's sessions, as Special pages describe it. */
const BOT_PASSWORD_PROVIDER = 'MediaWiki\\Session\\BotPasswordSessionProvider sessions';

export const loginAction = servedAction('login', async (ctx, action, params) => {
  const answer = (result: ResultObject): [string, ResultNode][] => [['login', result]];
  if (lacksSameOriginSecurity(ctx.request)) return answer({ result: 'Aborted', reason: loginMessage(ctx, msg('api-login-fail-sameorigin')) });
  const inQuery = ['lgpassword', 'lgtoken'].filter((name) => ctx.request.inQueryString(name));
  if (inQuery.length) {
    throw new ApiError(msg('apierror-mustpostparams', { list: inQuery, type: 'comma' }, inQuery.length), { code: 'mustpostparams', modulePath: action.path });
  }
  const session = requireSession(ctx);
  session.persist();
  if (session.kind === 'botpassword') {
    return answer({ result: 'Aborted', reason: loginMessage(ctx, msg('api-login-fail-badsessionprovider', BOT_PASSWORD_PROVIDER)) });
  }
  const token = session.token('login');
  const given = (params.token as string | undefined) ?? '';
  if (!given) {
    ctx.deprecation('login', 'apiwarn-deprecation-login-token', [], 'action=login&!lgtoken');
    return answer({ result: 'NeedToken', token: token.value });
  }
  if (token.wasNew) return answer({ result: 'Failed', reason: loginMessage(ctx, msg('authpage-cannot-login-continue'), 'sessionlost') });
  if (!token.matches(given)) return answer({ result: 'WrongToken' });

  const name = (params.name as string | undefined) ?? '';
  const password = (params.password as string | undefined) ?? '';
  const { services } = ctx;
  const botLogin = botPasswordLogin(name, password);
  if (botLogin) {
    const outcome = await checkBotPassword(services, session, botLogin[0], botLogin[1], ctx.request.ip);
    if (outcome.ok) {
      const identity = session.startBotPasswordSession(outcome.account, outcome.row);
      return answer({ result: 'Success', lguserid: identity.userId, lgusername: identity.name });
    }
    if (outcome.final) return answer({ result: 'Failed', reason: loginMessage(ctx, outcome.message) });
  }
  // ApiLogin's main-account login asks to be remembered.
  const outcome = await checkMainAccount(services, session, name, password, ctx.request.ip);
  if (!outcome.ok) return answer({ result: 'Failed', reason: loginMessage(ctx, outcome.message) });
  session.logIn(outcome.account, true);
  ctx.deprecation('login', 'apiwarn-deprecation-login-botpw', [], 'main-account-login');
  return answer({ result: 'Success', lguserid: outcome.account.user_id, lgusername: outcome.account.user_name });
});

/** $wgUrlProtocols: what a return URL may start with (wfParseUrl refuses the others). */
const URL_PROTOCOLS = /^(?:bitcoin:|ftp:\/\/|ftps:\/\/|geo:|git:\/\/|gopher:\/\/|http:\/\/|https:\/\/|irc:\/\/|ircs:\/\/|magnet:|mailto:|matrix:|mms:\/\/|news:|nntp:\/\/|redis:\/\/|sftp:\/\/|sip:|sips:|sms:|ssh:\/\/|svn:\/\/|tel:|telnet:\/\/|urn:|worldwind:\/\/|xmpp:)/i;

/** ApiAuthManagerHelper::formatMessage: the message in the `loginmessageformat` asked for. */
function authMessage(ctx: RequestContext, format: string, message: Message): ResultNode | undefined {
  switch (format) {
    case 'html':
      return toHtml(message, ctx.renderContext().articleUrl);
    case 'raw':
      return { key: message.key, params: rawParams(message) as ResultNode[] };
    case 'none':
      return undefined;
    default:
      return toWikitext(message);
  }
}

export const clientLoginAction = servedAction('clientlogin', async (ctx, action, params) => {
  const answer = (result: ResultObject): [string, ResultNode][] => [['clientlogin', result]];
  if (!params.continue && params.returnurl === undefined) {
    const names = ['continue', 'returnurl'].map((name) => `<var>${action.prefix}${name}</var>`);
    throw new ApiError(msg('apierror-missingparam-at-least-one-of', { list: names, type: 'text' }, 2), { code: 'missingparam', modulePath: action.path });
  }
  const returnUrl = params.returnurl as string | undefined;
  if (returnUrl !== undefined && !URL_PROTOCOLS.test(returnUrl)) {
    const name = `${action.prefix}returnurl`;
    throw new ApiError(msg('apierror-badurl', name, returnUrl), { code: `badurl_${name}`, modulePath: action.path });
  }
  const format = params.messageformat as string;
  const fail = (message: Message): [string, ResultNode][] => {
    const result: ResultObject = { status: 'FAIL' };
    const text = authMessage(ctx, format, message);
    if (text !== undefined) result.message = text;
    result.messagecode = codeForKey(message.key);
    setFlag(result, 'canpreservestate', false, false);
    return answer(result);
  };
  const session = requireSession(ctx);
  // AuthManager::canAuthenticateNow: a bot password's session cannot change hands.
  if (session.kind === 'botpassword') return fail(msg('userlogin-cannot-login'));
  // No step of a login is ever left pending here, so there is nothing to continue.
  if (params.continue) return fail(msg('authmanager-authn-not-in-progress'));
  const { request } = ctx;
  const username = request.get('username');
  const password = request.get('password');
  const rememberValue = request.get('rememberMe');
  const remember = rememberValue !== undefined && rememberValue !== '' && rememberValue !== '0';
  const outcome = await checkMainAccount(ctx.services, session, username, password, request.ip);
  if (!outcome.ok) return fail(outcome.message);
  session.logIn(outcome.account, remember);
  return answer({ status: 'PASS', username: outcome.account.user_name });
});

export const logoutAction = servedAction('logout', (ctx) => {
  sessionOf(ctx.caller)?.logOut();
  return [];
});

export const checkTokenAction = servedAction('checktoken', (ctx, action, params) => {
  const type = params.type as string;
  const token = params.token as string;
  const maxAge = params.maxtokenage as number | undefined;
  if (token.endsWith(encodeURIComponent(TOKEN_SUFFIX))) ctx.warnings.add(action.path, msg('apiwarn-checktoken-percentencoding'));
  let result: string;
  if (tokenIsValid(ctx, type, token, maxAge)) result = 'valid';
  else if (maxAge !== undefined && tokenIsValid(ctx, type, token)) result = 'expired';
  else result = 'invalid';
  const answer: ResultObject = { result };
  const timestamp = tokenTimestamp(token);
  if (timestamp !== null && Number.isSafeInteger(timestamp) && timestamp * 1000 <= 8.64e15) {
    answer.generated = new Date(timestamp * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return [['checktoken', answer]];
});

export const SESSION_ACTIONS: readonly ServedAction[] = [loginAction, clientLoginAction, logoutAction, checkTokenAction];
