// MediaWiki's session tokens (MediaWiki\Session\Token): an HMAC-MD5 of the time and a salt under a
// secret of the session, the time in hexadecimal, then `+\`. An anonymous caller's edit tokens
// are the suffix alone (LoggedOutEditToken).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TOKEN_SUFFIX = '+\\';

/** What a caller without an account is given for every token type but login and createaccount. */
export const ANONYMOUS_TOKEN = TOKEN_SUFFIX;

/**
 * ApiQueryTokens::getTokenTypeSalts: the session secret (`key`) and salt of each token type.
 * login and createaccount have secrets of their own; the others share the session's default one.
 */
export const TOKEN_TYPES: Readonly<Record<string, { key: string; salt: string }>> = {
  createaccount: { key: 'createaccount', salt: '' },
  csrf: { key: 'default', salt: '' },
  login: { key: 'login', salt: '' },
  patrol: { key: 'default', salt: 'patrol' },
  rollback: { key: 'default', salt: 'rollback' },
  userrights: { key: 'default', salt: 'userrights' },
  watch: { key: 'default', salt: 'watch' },
};

/** Token types a caller without an account gets from its session (array salts in MediaWiki). */
export function isSessionBoundForAnyone(type: string): boolean {
  return type === 'login' || type === 'createaccount';
}

export function tokenAt(secret: string, salt: string, timestamp: number): string {
  const hmac = createHmac('md5', secret).update(`${timestamp}${salt}`).digest('hex');
  return `${hmac}${timestamp.toString(16)}${TOKEN_SUFFIX}`;
}

export function currentToken(secret: string, salt: string): string {
  return tokenAt(secret, salt, Math.floor(Date.now() / 1000));
}

/** Token::getTimestamp: the seconds a token says it was made at; null when it is no token. */
export function tokenTimestamp(token: string): number | null {
  const suffixLength = TOKEN_SUFFIX.length;
  if (token.length <= 32 + suffixLength || !token.endsWith(TOKEN_SUFFIX)) return null;
  const body = token.slice(0, -suffixLength);
  if (!/^[0-9a-f]+$/.test(body)) return null;
  return parseInt(body.slice(32), 16);
}

/** Token::match: made with this secret and salt, and no older than `maxAgeSeconds` when given. */
export function tokenMatches(secret: string, salt: string, token: string, maxAgeSeconds?: number): boolean {
  const timestamp = tokenTimestamp(token);
  if (timestamp === null || !Number.isSafeInteger(timestamp)) return false;
  if (maxAgeSeconds !== undefined && timestamp < Math.floor(Date.now() / 1000) - maxAgeSeconds) return false;
  return sameText(tokenAt(secret, salt, timestamp), token);
}

/** Compares in constant time (for equal lengths, as hash_equals). */
export function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
