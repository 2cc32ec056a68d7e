// Sessions as MediaWiki's SessionManager keeps them, in the session store (src/store/sessions):
// a random id in a cookie (`<prefix>_session`, or `<prefix>_BPsession` for a bot password's
// session), signed with the wiki's session secret so that an id is only taken from a cookie this
// wiki wrote; `<prefix>UserID`, `<prefix>UserName` and, when asked to remember the login,
// `<prefix>Token`, which bring a logged-in caller back after the session has expired. A session
// holds who is logged in and the secrets its tokens are made with; every request checks that the
// account (and the bot password) still exist and have not been reset since.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { SessionStore } from '../../store/sessions/session-store.ts';
import type { AccountStore, PasswordRow, BotPasswordRow } from '../../store/accounts.ts';
import { botPasswordGrants, botPasswordRestrictions, type BotPasswordRestrictions } from '../../wiki/grants.ts';
import type { ApiRequest } from '../request.ts';
import { deleteCookieHeader, parseCookies, setCookieHeader } from './cookies.ts';
import { LoginThrottle, type ThrottleCondition } from './throttle.ts';
import { currentToken, sameText, tokenMatches, TOKEN_TYPES } from './tokens.ts';

export interface SessionSettings {
  store: SessionStore;
  /** Signs cookie values: a session signed with another secret is not this wiki's. */
  secret: string;
  /** $wgCookiePrefix. */
  cookiePrefix: string;
  /** $wgObjectCacheSessionExpiry: a session unused this long is gone (renewed as it is used). */
  sessionSeconds?: number;
  /** $wgCookieExpiration: UserID and UserName cookies of a login. */
  cookieSeconds?: number;
  /** $wgExtendedLoginCookieExpiration: the cookies of a login to remember. */
  rememberSeconds?: number;
  /** $wgReauthenticateTime['default']: how long after a login security-sensitive operations are allowed. */
  reauthenticateSeconds?: number;
  /** $wgPasswordAttemptThrottle. */
  passwordThrottle?: readonly ThrottleCondition[];
}

/** What the store holds of a session (JSON). */
interface SessionData {
  /** 0 for a session without an account. */
  userId: number;
  userName: string;
  /** A digest of user_token when the session was made: MediaWiki resets it to end every session. */
  userToken?: string;
  botPassword?: { appId: string; token: string };
  remember: boolean;
  /** The secrets tokens are made with, by key (`default`, `login`, `createaccount`). */
  secrets: Record<string, string>;
  /** Unix seconds of the login that made the session (AuthManager:lastAuthTimestamp). */
  lastAuth?: number;
  /** Milliseconds since 1970 when the store lets it go. */
  expires: number;
}

/** A logged-in caller as the session layer knows it: what the caller builder (callerFor) needs. */
export interface SessionIdentity {
  userId: number;
  name: string;
  botPassword?: { appId: string; grants: string[]; restrictions: BotPasswordRestrictions };
}

/** The session id alphabet and length MediaWiki uses (32 characters of base 32). */
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuv';
const ID_LENGTH = 32;

function newSessionId(): string {
  let id = '';
  for (let i = 0; i < ID_LENGTH; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

function newSecret(): string {
  return randomBytes(16).toString('hex');
}

/** One wiki's sessions: how they are named, signed, kept and ended. Built once per process (and per query thread). */
export class SessionManager {
  readonly store: SessionStore;
  readonly cookiePrefix: string;
  readonly sessionSeconds: number;
  readonly cookieSeconds: number;
  readonly rememberSeconds: number;
  readonly reauthenticateSeconds: number;
  readonly throttle: LoginThrottle;
  private readonly secret: string;

  constructor(settings: SessionSettings) {
    this.store = settings.store;
    this.secret = settings.secret;
    this.cookiePrefix = settings.cookiePrefix;
    this.sessionSeconds = settings.sessionSeconds ?? 3600;
    this.cookieSeconds = settings.cookieSeconds ?? 30 * 86_400;
    this.rememberSeconds = settings.rememberSeconds ?? 180 * 86_400;
    this.reauthenticateSeconds = settings.reauthenticateSeconds ?? 300;
    this.throttle = new LoginThrottle(settings.store, settings.passwordThrottle);
  }

  get sessionCookie(): string {
    return `${this.cookiePrefix}_session`;
  }

  get botPasswordCookie(): string {
    return `${this.cookiePrefix}_BPsession`;
  }

  /** `<id>.<signature>`: the signature ties the id to this wiki's secret and to the cookie's name. */
  signedValue(cookie: string, id: string): string {
    return `${id}.${this.signature(`session|${cookie}|${id}`)}`;
  }

  /** The session id a cookie value carries when this wiki's secret signed it; null otherwise. */
  verifiedId(cookie: string, value: string | undefined): string | null {
    if (value === undefined) return null;
    const dot = value.indexOf('.');
    if (dot !== ID_LENGTH) return null;
    const id = value.slice(0, dot);
    if (![...id].every((c) => ID_ALPHABET.includes(c))) return null;
    return sameText(this.signature(`session|${cookie}|${id}`), value.slice(dot + 1)) ? id : null;
  }

  /** The `<prefix>Token` value of an account: changes with user_token, and with the secret. */
  rememberToken(account: PasswordRow): string {
    return createHmac('sha256', this.secret).update(`remember|${account.user_id}|${account.user_token}`).digest('hex').slice(0, 32);
  }

  /** What a session keeps of a token the wiki may reset (user_token, bp_token): a digest, not the token. */
  digest(kind: string, value: string): string {
    return this.signature(`${kind}|${value}`);
  }

  private signature(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url').slice(0, 27);
  }

  /** The session of a request: the bot password's session, else the cookie session, else a new one. */
  async open(accounts: AccountStore, request: ApiRequest): Promise<RequestSession> {
    const cookies = parseCookies(request.header('cookie'));
    const secure = request.header('x-forwarded-proto') === 'https';
    const botId = this.verifiedId(this.botPasswordCookie, cookies.get(this.botPasswordCookie));
    if (botId !== null) {
      const data = await this.load(botId);
      const identity = data && (await this.botPasswordIdentity(accounts, data, request.ip));
      if (data && identity) return new RequestSession(this, 'botpassword', botId, data, identity, secure);
    }
    const sent = cookies.get(this.sessionCookie);
    const id = this.verifiedId(this.sessionCookie, sent);
    const data = id === null ? null : await this.load(id);
    if (id !== null && data) {
      if (data.userId === 0) return new RequestSession(this, 'cookie', id, data, null, secure);
      const identity = await this.accountIdentity(accounts, data);
      if (identity) return new RequestSession(this, 'cookie', id, data, identity, secure);
    }
    const remembered = await this.rememberedAccount(accounts, cookies);
    const session = new RequestSession(this, 'cookie', null, emptyData(), null, secure);
    if (remembered) session.restore(remembered);
    // A session cookie that names no session of this wiki is removed, as MediaWiki removes it.
    else if (sent !== undefined) session.forgetCookie();
    return session;
  }

  private async load(id: string): Promise<SessionData | null> {
    const text = await this.store.get(id);
    if (text === null) return null;
    try {
      return JSON.parse(text) as SessionData;
    } catch {
      return null;
    }
  }

  private async accountIdentity(accounts: AccountStore, data: SessionData): Promise<SessionIdentity | null> {
    const account = await accounts.byId(data.userId);
    if (!account || data.userToken === undefined || !sameText(this.digest('user', account.user_token), data.userToken)) return null;
    return { userId: account.user_id, name: account.user_name };
  }

  /** BotPasswordSessionProvider: the bot password still exists, was not reset, and allows the address. */
  private async botPasswordIdentity(accounts: AccountStore, data: SessionData, ip: string): Promise<SessionIdentity | null> {
    if (!data.botPassword) return null;
    const [account, row] = await Promise.all([
      accounts.byId(data.userId),
      accounts.botPassword(data.userId, data.botPassword.appId),
    ]);
    if (!account || !row || !sameText(this.digest('botpassword', row.bp_token), data.botPassword.token)) return null;
    const identity = botPasswordIdentityOf(account, row);
    return identity.botPassword!.restrictions.allowsIp(ip) ? identity : null;
  }

  /** CookieSessionProvider: `<prefix>UserID` and `<prefix>Token` of a login to remember. */
  private async rememberedAccount(accounts: AccountStore, cookies: Map<string, string>): Promise<PasswordRow | null> {
    const userId = cookies.get(`${this.cookiePrefix}UserID`);
    const token = cookies.get(`${this.cookiePrefix}Token`);
    if (userId === undefined || token === undefined || !/^[1-9][0-9]*$/.test(userId)) return null;
    const account = await accounts.byId(Number(userId));
    return account && sameText(this.rememberToken(account), token) ? account : null;
  }
}

export function botPasswordIdentityOf(account: PasswordRow, row: BotPasswordRow): SessionIdentity {
  return {
    userId: account.user_id,
    name: account.user_name,
    botPassword: { appId: row.bp_app_id, grants: botPasswordGrants(row.bp_grants), restrictions: botPasswordRestrictions(row.bp_restrictions) },
  };
}

function emptyData(): SessionData {
  return { userId: 0, userName: '', remember: false, secrets: {}, expires: 0 };
}

/** A token of the session, and whether its secret was made just now (Token::wasNew). */
export interface SessionToken {
  value: string;
  wasNew: boolean;
  matches(token: string, maxAgeSeconds?: number): boolean;
}

/**
 * The session of one request: read at its start, changed by what the request does (a token
 * asked for, a login, a logout), written back and told to the client at its end (finish()).
 */
export class RequestSession {
  private changed = false;
  private readonly cookies: string[] = [];
  /** Sessions ended by this request, deleted from the store at the end. */
  private readonly ended: string[] = [];
  private readonly writes: (() => Promise<void>)[] = [];

  constructor(
    readonly manager: SessionManager,
    /** `botpassword`: BotPasswordSessionProvider's session, which cannot log in or out another way. */
    readonly kind: 'cookie' | 'botpassword',
    /** null until the session is persisted. */
    private id: string | null,
    private data: SessionData,
    /** The account the session is logged in to; null for an anonymous session. */
    public identity: SessionIdentity | null,
    private readonly secure: boolean,
  ) {}

  get persisted(): boolean {
    return this.id !== null;
  }

  /** Unix seconds of the login that made this session, if it was made by one. */
  get lastAuthentication(): number | undefined {
    return this.data.lastAuth;
  }

  /** Session::persist: the session gets an id, kept in the store and in a cookie. */
  persist(): void {
    if (this.id !== null) return;
    this.id = newSessionId();
    this.changed = true;
    this.cookies.push(setCookieHeader(this.manager.sessionCookie, this.manager.signedValue(this.manager.sessionCookie, this.id), { secure: this.secure }));
  }

  /** Session::getToken: a token of a secret of the session, made the first time it is asked for. */
  token(type: string): SessionToken {
    const { key, salt } = TOKEN_TYPES[type] ?? { key: 'default', salt: type };
    let secret = this.data.secrets[key];
    const wasNew = secret === undefined;
    if (secret === undefined) {
      secret = newSecret();
      this.data.secrets[key] = secret;
      this.changed = true;
    }
    const fixed = secret;
    return { value: currentToken(fixed, salt), wasNew, matches: (token, maxAge) => tokenMatches(fixed, salt, token, maxAge) };
  }

  /**
   * AuthManager::setSessionDataForUser: the session is now the account's, under a new id (the old
   * one is ended), with new token secrets; the UserID and UserName cookies say who, and a login to
   * remember gets the Token cookie, which logs the account in again once the session has expired.
   */
  logIn(account: PasswordRow, remember: boolean): void {
    if (this.id !== null) this.ended.push(this.id);
    this.id = null;
    this.data = {
      ...emptyData(),
      userId: account.user_id,
      userName: account.user_name,
      userToken: this.manager.digest('user', account.user_token),
      remember,
      lastAuth: Math.floor(Date.now() / 1000),
    };
    this.identity = { userId: account.user_id, name: account.user_name };
    this.persist();
    this.setAccountCookies(account, remember);
  }

  /** A remembered login coming back: a new session for the account, without a fresh authentication. */
  restore(account: PasswordRow): void {
    this.data = { ...emptyData(), userId: account.user_id, userName: account.user_name, userToken: this.manager.digest('user', account.user_token), remember: true };
    this.identity = { userId: account.user_id, name: account.user_name };
    this.persist();
  }

  /**
   * BotPassword::login: a session of its own for the bot password, in the BPsession cookie; the
   * request's cookie session stays as it was.
   */
  startBotPasswordSession(account: PasswordRow, row: BotPasswordRow): SessionIdentity {
    const id = newSessionId();
    const data: SessionData = {
      ...emptyData(),
      userId: account.user_id,
      userName: account.user_name,
      botPassword: { appId: row.bp_app_id, token: this.manager.digest('botpassword', row.bp_token) },
      lastAuth: Math.floor(Date.now() / 1000),
      expires: Date.now() + this.manager.sessionSeconds * 1000,
    };
    const cookie = this.manager.botPasswordCookie;
    this.writes.push(() => this.manager.store.put(id, JSON.stringify(data), data.expires));
    this.cookies.push(setCookieHeader(cookie, this.manager.signedValue(cookie, id), { secure: this.secure }));
    return botPasswordIdentityOf(account, row);
  }

  /**
   * User::logout, or unpersisting a bot password's session: the session is ended for good (its id
   * is deleted from the store and its cookies removed); UserName stays, as MediaWiki leaves it.
   */
  logOut(): void {
    if (this.id !== null) this.ended.push(this.id);
    this.id = null;
    this.changed = false;
    this.identity = null;
    this.data = emptyData();
    if (this.kind === 'botpassword') {
      this.cookies.push(deleteCookieHeader(this.manager.botPasswordCookie, { secure: this.secure }));
      return;
    }
    const prefix = this.manager.cookiePrefix;
    for (const name of [this.manager.sessionCookie, `${prefix}UserID`, `${prefix}Token`]) {
      this.cookies.push(deleteCookieHeader(name, { secure: this.secure }));
    }
  }

  /**
   * A write to the session store made once the request has run (finish()), with the session's:
   * nothing is written by a request that is then run again elsewhere.
   */
  readonly defer = (write: () => Promise<void>): void => {
    this.writes.push(write);
  };

  /** The request carried a session cookie this wiki does not know. */
  forgetCookie(): void {
    this.cookies.push(deleteCookieHeader(this.manager.sessionCookie, { secure: this.secure }));
  }

  private setAccountCookies(account: PasswordRow, remember: boolean): void {
    const prefix = this.manager.cookiePrefix;
    const maxAgeSeconds = remember ? this.manager.rememberSeconds : this.manager.cookieSeconds;
    const options = { maxAgeSeconds, secure: this.secure };
    this.cookies.push(setCookieHeader(`${prefix}UserID`, String(account.user_id), options));
    this.cookies.push(setCookieHeader(`${prefix}UserName`, account.user_name, options));
    if (remember) this.cookies.push(setCookieHeader(`${prefix}Token`, this.manager.rememberToken(account), options));
    else this.cookies.push(deleteCookieHeader(`${prefix}Token`, { secure: this.secure }));
  }

  /**
   * Writes what changed to the store (a session in use is renewed once half its time has gone)
   * and gives the Set-Cookie headers of the answer.
   */
  async finish(): Promise<string[]> {
    const { store, sessionSeconds } = this.manager;
    const now = Date.now();
    const renew = this.id !== null && this.data.expires - now < (sessionSeconds * 1000) / 2;
    if (this.id !== null && (this.changed || renew)) {
      this.data.expires = now + sessionSeconds * 1000;
      await store.put(this.id, JSON.stringify(this.data), this.data.expires);
    }
    for (const write of this.writes) await write();
    for (const id of this.ended) await store.delete(id);
    return this.cookies;
  }
}
