// meta=authmanagerinfo: Retrieve information about the current authentication status.
// What MediaWiki 1.39's AuthManager offers with its default providers (local passwords,
// temporary passwords, remember me), for the caller's session.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE } from '../../api/params/declaration.ts';
import { msg, rawParams, toHtml, toWikitext, type Message } from '../../api/i18n/messages.ts';
import { setFlag, setType, type ResultNode, type ResultObject } from '../../api/result.ts';
import { sessionOf } from '../../api/session/request-session.ts';
import type { Caller } from '../../api/caller.ts';

/** A message, or MediaWiki's RawMessage('$1', [value]) that describes a credential by its class or account. */
type Text = Message | { raw: string | null };

interface FieldInfo {
  type: string;
  label: Text;
  help: Text;
  optional?: boolean;
  sensitive?: boolean;
}

interface AuthRequest {
  id: string;
  required: 'primary-required' | 'required' | 'optional';
  provider: Text;
  account: Text;
  fields: Record<string, FieldInfo>;
}

const AUTH = 'MediaWiki\\Auth\\';
/** $wgExtendedLoginCookieExpiration in days, as the remember-me label says it. */
const REMEMBER_DAYS = 180;
/** $wgReauthenticateTime['default']. */
const REAUTHENTICATE_SECONDS = 300;

const USERNAME: FieldInfo = { type: 'string', label: msg('userlogin-yourname'), help: msg('authmanager-username-help') };
const PASSWORD: FieldInfo = { type: 'password', label: msg('userlogin-yourpassword'), help: msg('authmanager-password-help'), sensitive: true };

function described(className: string, required: AuthRequest['required'], fields: Record<string, FieldInfo>): AuthRequest {
  const id = `${AUTH}${className}`;
  return { id, required, provider: { raw: id }, account: { raw: id }, fields };
}

function passwordRequest(account: string | null, fields: Record<string, FieldInfo>): AuthRequest {
  return { id: `${AUTH}PasswordAuthenticationRequest`, required: 'primary-required', provider: msg('authmanager-provider-password'), account: { raw: account }, fields };
}

function temporaryPasswordRequest(account: string | null): AuthRequest {
  return {
    id: `${AUTH}TemporaryPasswordAuthenticationRequest`,
    required: 'primary-required',
    provider: msg('authmanager-provider-temporarypassword'),
    account: { raw: account },
    fields: { mailpassword: { type: 'checkbox', label: msg('createaccountmail'), help: msg('createaccountmail-help') } },
  };
}

/** AuthManager::getAuthenticationRequests for an action, less $wgChangeCredentialsBlacklist and $wgRemoveCredentialsBlacklist. */
function requestsFor(action: string, caller: Caller): AuthRequest[] {
  const account = caller.isAnonymous ? null : caller.name;
  switch (action) {
    case 'login':
      return [
        passwordRequest(account, { username: USERNAME, password: PASSWORD }),
        described('RememberMeAuthenticationRequest', 'optional', {
          rememberMe: { type: 'checkbox', label: msg('userlogin-remembermypassword', { num: REMEMBER_DAYS }), help: msg('authmanager-userlogin-remembermypassword-help'), optional: true },
        }),
      ];
    case 'create': {
      const creating = passwordRequest(null, {
        username: USERNAME,
        password: PASSWORD,
        retype: { type: 'password', label: msg('yourpasswordagain'), help: msg('authmanager-retype-help'), sensitive: true },
      });
      const rest = [
        described('UsernameAuthenticationRequest', 'required', { username: USERNAME }),
        described('UserDataAuthenticationRequest', 'required', {
          email: { type: 'string', label: msg('authmanager-email-label'), help: msg('authmanager-email-help'), optional: true },
          realname: { type: 'string', label: msg('authmanager-realname-label'), help: msg('authmanager-realname-help'), optional: true },
        }),
      ];
      // A logged-in user may create an account for someone else: with a mailed password, and a reason.
      if (caller.isAnonymous) return [creating, ...rest];
      return [
        temporaryPasswordRequest(null),
        creating,
        ...rest,
        described('CreationReasonAuthenticationRequest', 'optional', { reason: { type: 'string', label: msg('createacct-reason'), help: msg('createacct-reason-help') } }),
      ];
    }
    case 'change':
      return [
        passwordRequest(account, {
          password: { type: 'password', label: msg('newpassword'), help: msg('authmanager-password-help'), sensitive: true },
          retype: { type: 'password', label: msg('retypenew'), help: msg('authmanager-retype-help'), sensitive: true },
        }),
      ];
    case 'remove':
      return [temporaryPasswordRequest(account)];
    default:
      return [];
  }
}

/** AuthenticationRequest::mergeFieldInfo: one set of fields; a field is required only where every primary request needs it. */
function mergeFieldInfo(requests: readonly AuthRequest[]): Record<string, FieldInfo & { optional: boolean; sensitive: boolean }> {
  let sharedRequired: string[] | null = null;
  for (const request of requests) {
    if (request.required !== 'primary-required') continue;
    const required = Object.entries(request.fields).filter(([, field]) => !field.optional).map(([name]) => name);
    sharedRequired = sharedRequired === null ? required : sharedRequired.filter((name) => required.includes(name));
  }
  const merged: Record<string, FieldInfo & { optional: boolean; sensitive: boolean }> = {};
  for (const request of requests) {
    for (const [name, field] of Object.entries(request.fields)) {
      const optional = request.required === 'optional' || (request.required === 'primary-required' && !(sharedRequired ?? []).includes(name)) || field.optional === true;
      const sensitive = field.sensitive === true;
      const existing = merged[name];
      if (!existing) merged[name] = { ...field, optional, sensitive };
      else {
        existing.optional &&= optional;
        existing.sensitive ||= sensitive;
      }
    }
  }
  return merged;
}

export const authmanagerinfo = defineQueryModule({
  prefix: 'ami',
  classname: 'ApiQueryAuthManagerInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo'],
  readRights: false,
  params: {
    securitysensitiveoperation: { type: 'string' },
    requestsfor: {
      type: [
        'login', 'login-continue', 'create', 'create-continue', 'link', 'link-continue', 'change',
        'remove', 'unlink',
      ],
    },
    mergerequestfields: { type: 'boolean' },
    messageformat: { type: ['html', 'wikitext', 'raw', 'none'], default: 'wikitext' },
  },
  execute(run) {
    const { caller, params } = run;
    const session = sessionOf(caller);
    // A bot password's session cannot change hands (SessionProvider::canChangeUser).
    const canAuthenticateNow = session?.kind !== 'botpassword';
    const format = params.messageformat;
    const text = (value: Text): ResultNode => {
      if ('raw' in value) return format === 'raw' ? { key: '$1', params: [value.raw] } : value.raw ?? '';
      if (format === 'raw') return { key: value.key, params: rawParams(value) as ResultNode[] };
      return format === 'html' ? toHtml(value, run.services.articleUrl) : toWikitext(value);
    };
    const withMessages = (node: ResultObject, key: string, value: Text) => {
      if (format !== 'none') node[key] = text(value);
    };
    const formatField = (field: FieldInfo, optional: boolean, sensitive: boolean): ResultObject => {
      const node: ResultObject = { type: field.type };
      withMessages(node, 'label', field.label);
      withMessages(node, 'help', field.help);
      setFlag(node, 'optional', optional, false);
      setFlag(node, 'sensitive', sensitive, false);
      return node;
    };

    const answer: ResultObject = {};
    setFlag(answer, 'canauthenticatenow', canAuthenticateNow, false);
    setFlag(answer, 'cancreateaccounts', true, false);
    setFlag(answer, 'canlinkaccounts', false, false);
    if (params.securitysensitiveoperation !== undefined) answer.securitysensitiveoperationstatus = securityStatus(caller, canAuthenticateNow, session?.lastAuthentication);
    if (params.requestsfor !== undefined) {
      setFlag(answer, 'haspreservedstate', false, false);
      setFlag(answer, 'hasprimarypreservedstate', false, false);
      answer.preservedusername = '';
      const requests = requestsFor(params.requestsfor, caller);
      answer.requests = requests.map((request) => {
        const node: ResultObject = { id: request.id, metadata: setType({}, 'assoc'), required: request.required };
        withMessages(node, 'provider', request.provider);
        withMessages(node, 'account', request.account);
        if (!params.mergerequestfields) {
          node.fields = setType(
            Object.fromEntries(Object.entries(request.fields).map(([name, field]) => [name, formatField(field, field.optional === true, field.sensitive === true)])),
            'assoc',
          );
        }
        return node;
      });
      if (params.mergerequestfields) {
        answer.fields = setType(
          Object.fromEntries(Object.entries(mergeFieldInfo(requests)).map(([name, field]) => [name, formatField(field, field.optional, field.sensitive)])),
          'assoc',
        );
      }
    }
    run.setQueryValue('authmanagerinfo', answer);
  },
});

/** AuthManager::securitySensitiveOperationStatus with $wgReauthenticateTime and $wgAllowSecuritySensitiveOperationIfCannotReauthenticate at their defaults. */
function securityStatus(caller: Caller, canAuthenticateNow: boolean, lastAuthentication: number | undefined): string {
  if (caller.isAnonymous) return canAuthenticateNow ? 'reauth' : 'fail';
  if (!canAuthenticateNow) return 'ok';
  const since = lastAuthentication === undefined ? Infinity : Math.max(0, Math.floor(Date.now() / 1000) - lastAuthentication);
  return since > REAUTHENTICATE_SECONDS ? 'reauth' : 'ok';
}
