// Checking a name and a password as MediaWiki 1.39 does, against the wiki's own tables: a bot
// password (BotPassword::login) and a main account (AuthManager::beginAuthentication with the
// password throttle and LocalPasswordPrimaryAuthenticationProvider). Nothing is written to the
// wiki's database; throttle counters go to the session store.
import type { BotPasswordRow, PasswordRow } from '../../store/accounts.ts';
import { checkPasswordOffThread as checkPassword } from './password-check.ts';
import { botPasswordRestrictions } from '../../wiki/grants.ts';
import { msg, type Message } from '../i18n/messages.ts';
import type { ApiServices } from '../services.ts';
import type { RequestSession } from './sessions.ts';
import { formatDuration } from './throttle.ts';

/** $wgUserrightsInterwikiDelimiter: `User@appid`. */
const BOT_PASSWORD_SEPARATOR = '@';
/** BotPassword::PASSWORD_MINLENGTH. */
const BOT_PASSWORD_MIN_LENGTH = 32;
/** $wgPasswordPolicy's MaximalPasswordLength: a longer password is refused before any hash is computed. */
const MAX_PASSWORD_LENGTH = 4096;

/**
 * BotPassword::canonicalizeLoginData: `User@app` with a bot password (32 or more of [0-9a-w]),
 * or `User` with `app@password`; null when the pair is no bot password login.
 */
export function botPasswordLogin(name: string, password: string): [string, string] | null {
  const looksGenerated = (value: string) => new RegExp(`^[0-9a-w]{${BOT_PASSWORD_MIN_LENGTH},}$`).test(value);
  if (name.includes(BOT_PASSWORD_SEPARATOR)) return looksGenerated(password) ? [name, password] : null;
  if (password.length > BOT_PASSWORD_MIN_LENGTH && password.includes(BOT_PASSWORD_SEPARATOR)) {
    const segments = password.split(BOT_PASSWORD_SEPARATOR);
    const secret = segments.pop()!;
    if (looksGenerated(secret)) return [`${name}${BOT_PASSWORD_SEPARATOR}${segments.join(BOT_PASSWORD_SEPARATOR)}`, secret];
  }
  return null;
}

export type BotPasswordOutcome =
  | { ok: true; account: PasswordRow; row: BotPasswordRow }
  /** `final`: ApiLogin answers with this failure rather than trying the name as a main account. */
  | { ok: false; message: Message; final: boolean };

/** BotPassword::login for `User@app` and its password, from `ip`. */
export async function checkBotPassword(services: ApiServices, session: RequestSession, fullName: string, password: string, ip: string): Promise<BotPasswordOutcome> {
  const { throttle } = session.manager;
  const separator = fullName.indexOf(BOT_PASSWORD_SEPARATOR);
  const name = fullName.slice(0, separator);
  const appId = fullName.slice(separator + 1);
  const canonical = services.userNames.canonical(name, 'valid');
  const account = canonical === null ? null : await services.store.accounts.byName(canonical);
  if (canonical === null || account === null) return { ok: false, message: msg('nosuchuser', canonical ?? name), final: false };
  const row = await services.store.accounts.botPassword(account.user_id, appId);
  const throttled = await throttle.attempt('botpassword', account.user_name, ip, session.defer);
  if (throttled) return { ok: false, message: throttleMessage(throttled.waitSeconds), final: true };
  if (row === null) return { ok: false, message: msg('botpasswords-not-exist', account.user_name, appId), final: false };
  if (!botPasswordRestrictions(row.bp_restrictions).allowsIp(ip)) return { ok: false, message: msg('botpasswords-restriction-failed'), final: false };
  const verdict = await checkPassword(row.bp_password, password);
  if (verdict === 'invalid') return { ok: false, message: msg('botpasswords-needs-reset', account.user_name, appId), final: true };
  if (verdict !== 'match') return { ok: false, message: msg('wrongpassword'), final: false };
  throttle.clear('botpassword', account.user_name, ip, session.defer);
  return { ok: true, account, row };
}

export type MainAccountOutcome = { ok: true; account: PasswordRow } | { ok: false; message: Message };

/**
 * AuthManager::beginAuthentication with a username and password: the password throttle (by the
 * name as User::getCanonicalName gives it, with the address), then the local password provider
 * (the name must be usable; an unknown name and a wrong password fail alike). An empty name or
 * password makes no password request, and nothing authenticates it.
 */
export async function checkMainAccount(services: ApiServices, session: RequestSession, name: string | undefined, password: string | undefined, ip: string): Promise<MainAccountOutcome> {
  if (!name || !password) return { ok: false, message: msg('authmanager-authn-no-primary') };
  const { throttle } = session.manager;
  const canonical = services.userNames.canonical(name, 'usable');
  // The wiki is read before the throttle is: a read past the request's budget runs it again.
  const account = canonical === null ? null : await services.store.accounts.byName(canonical);
  const throttleName = services.userNames.canonical(name, 'valid');
  const throttled = await throttle.attempt('password', throttleName, ip, session.defer);
  if (throttled) return { ok: false, message: throttleMessage(throttled.waitSeconds) };
  if (canonical === null) return { ok: false, message: msg('authmanager-authn-no-primary') };
  if (account === null || password.length > MAX_PASSWORD_LENGTH) return { ok: false, message: msg('wrongpassword') };
  const verdict = await checkPassword(account.user_password, password, { userId: account.user_id });
  if (verdict !== 'match') return { ok: false, message: msg('wrongpassword') };
  if (throttleName !== null) throttle.clear('password', throttleName, ip, session.defer);
  return { ok: true, account };
}

function throttleMessage(waitSeconds: number): Message {
  return msg('login-throttled', formatDuration(waitSeconds));
}
