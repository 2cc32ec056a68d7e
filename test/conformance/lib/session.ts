// The callers of `@as` cases: one cookie jar per caller, logged in with action=login as apidiff.mjs
// does, `{token:TYPE}` placeholders filled with that session's tokens, and the cases of one caller
// sent one after another in file order.
import { callerName, type Caller } from './cases.ts';
import { fetchCase, isObject, walkPages, type CookieStore, type RecordedResponse } from './exchange.ts';

/** Cookies by name, as a browser keeps them for one site; an expired or `deleted` cookie is dropped. */
export class CookieJar implements CookieStore {
  private readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(headers: Headers): void {
    for (const setCookie of headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === 'deleted' || attributes.some(isExpiry)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  clear(): void {
    this.cookies.clear();
  }
}

function isExpiry(attribute: string): boolean {
  const [name = '', value = ''] = attribute.split('=').map((part) => part.trim());
  if (/^max-age$/i.test(name)) return Number(value) <= 0;
  if (/^expires$/i.test(name)) return Date.parse(value) <= Date.now();
  return false;
}

export type LoginOutcome = { ok: true } | { ok: false; said: string };

const TOKEN_PLACEHOLDER = /\{token:([a-z]+)\}/g;

/** Whether a query asks for action=logout (after which MediaWiki has ended the session). */
function logsOut(query: string): boolean {
  return new URLSearchParams(query).getAll('action').includes('logout');
}

/**
 * Whether an answer says its session changed hands: action=login `Success`, action=clientlogin
 * `PASS`, action=logout without an error.
 */
export function changedSession(answer: RecordedResponse): boolean {
  const actions = new URLSearchParams(answer.query).getAll('action');
  const json = isObject(answer.json) ? answer.json : {};
  if (actions.includes('login')) return isObject(json.login) && json.login.result === 'Success';
  if (actions.includes('clientlogin')) return isObject(json.clientlogin) && json.clientlogin.status === 'PASS';
  if (actions.includes('logout')) return answer.status === 200 && !('error' in json) && !('errors' in json);
  return false;
}

/** What a server answered, in a line: its error, its login result, or the start of its body. */
export function whatItSaid(answer: RecordedResponse): string {
  const json = answer.json;
  if (isObject(json) && isObject(json.error)) return `${String(json.error.code)}: ${String(json.error.info ?? json.error['*'] ?? '')}`;
  if (isObject(json) && Array.isArray(json.errors) && isObject(json.errors[0])) {
    const error = json.errors[0];
    return `${String(error.code)}: ${String(error.text ?? error.html ?? '')}`;
  }
  if (isObject(json) && isObject(json.login)) {
    const { result, reason } = json.login;
    return reason === undefined ? String(result) : `${String(result)}: ${typeof reason === 'string' ? reason : JSON.stringify(reason)}`;
  }
  const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
  return `HTTP ${answer.status}: ${body.slice(0, 200)}`;
}

/** One caller on one server: its cookies, whether it is logged in, how it fills token placeholders. */
export class CallerSession {
  private readonly jar = new CookieJar();
  /** The last login's outcome; undefined until the first case, and again after a case logged out. */
  private login: LoginOutcome | undefined;
  /**
   * A case of this session that logs in or out and was answered otherwise than MediaWiki did: the
   * cases after it, until the session starts over, ask a session MediaWiki's did not have.
   */
  brokenBy: string | undefined;

  constructor(
    private readonly apiUrl: string,
    readonly caller: Caller,
  ) {}

  /**
   * Before a case: the anonymous caller starts over when its `@as anon` line says so; a user logs
   * in once, and again after a case of theirs logged out. A failed login is said, not retried.
   */
  async prepare(sending: { newSession?: boolean }): Promise<LoginOutcome> {
    if (this.caller === 'anon') {
      if (sending.newSession) {
        this.jar.clear();
        this.brokenBy = undefined;
      }
      return { ok: true };
    }
    if (!this.login) {
      this.jar.clear();
      this.brokenBy = undefined;
      this.login = await this.logIn(this.caller.user, this.caller.password);
    }
    return this.login;
  }

  /** meta=tokens&type=login, then POST action=login with it: the exchange itself is no case. */
  private async logIn(user: string, password: string): Promise<LoginOutcome> {
    const tokenAnswer = await fetchCase(this.apiUrl, 'action=query&format=json&meta=tokens&type=login', { cookies: this.jar });
    const tokens = isObject(tokenAnswer.json) && isObject(tokenAnswer.json.query) ? tokenAnswer.json.query.tokens : undefined;
    const token = isObject(tokens) ? tokens.logintoken : undefined;
    if (typeof token !== 'string') return { ok: false, said: `no login token: ${whatItSaid(tokenAnswer)}` };
    const form = new URLSearchParams({ action: 'login', format: 'json', lgname: user, lgpassword: password, lgtoken: token });
    const answer = await fetchCase(this.apiUrl, form.toString(), { post: true, cookies: this.jar });
    const login = isObject(answer.json) ? answer.json.login : undefined;
    if (isObject(login) && login.result === 'Success') return { ok: true };
    return { ok: false, said: whatItSaid(answer) };
  }

  /** Sends a case as this caller; the answer keeps the query as written (with its placeholders). */
  async send(query: string, post: boolean): Promise<RecordedResponse> {
    const filled = await this.fillTokens(query);
    const answer = await fetchCase(this.apiUrl, filled, { post, cookies: this.jar, recordAs: query });
    if (this.caller !== 'anon' && logsOut(filled)) this.login = undefined;
    return answer;
  }

  /** `{token:TYPE}` → a token of that type for this session, asked of the same server just before. */
  private async fillTokens(query: string): Promise<string> {
    const types = new Set([...query.matchAll(TOKEN_PLACEHOLDER)].map((match) => match[1]!));
    const values = new Map<string, string>();
    for (const type of types) values.set(type, await this.token(type));
    return query.replace(TOKEN_PLACEHOLDER, (_, type: string) => encodeURIComponent(values.get(type)!));
  }

  private async token(type: string): Promise<string> {
    const answer = await fetchCase(this.apiUrl, `action=query&format=json&meta=tokens&type=${type}`, { cookies: this.jar });
    const tokens = isObject(answer.json) && isObject(answer.json.query) ? answer.json.query.tokens : undefined;
    const token = isObject(tokens) ? tokens[`${type}token`] : undefined;
    if (typeof token !== 'string') throw new Error(`no ${type} token for {token:${type}}: ${whatItSaid(answer)}`);
    return token;
  }
}

/** How a case is sent, and by whom: the caller's session, or none (anonymous GET without cookies). */
export interface CaseToSend {
  query: string;
  walk?: boolean;
  post?: boolean;
}

export async function sendCase(apiUrl: string, session: CallerSession | undefined, sent: CaseToSend): Promise<RecordedResponse[]> {
  const send = (query: string): Promise<RecordedResponse> => (session ? session.send(query, sent.post === true) : fetchCase(apiUrl, query, { post: sent.post }));
  return sent.walk ? walkPages(sent.query, send) : [await send(sent.query)];
}

/**
 * The sessions of every caller on one server, one per area and caller (areas run side by side
 * and do not share sessions), and the order their cases run in: each caller's cases one after
 * another in the order given; cases without a caller at once.
 */
export class CallerSessions {
  private readonly sessions = new Map<string, CallerSession>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly apiUrl: () => string) {}

  inTurn<T>(area: string, caller: Caller | undefined, work: (session: CallerSession | undefined) => Promise<T>): Promise<T> {
    if (caller === undefined) return work(undefined);
    const key = `${area}\n${JSON.stringify(caller)}`;
    let session = this.sessions.get(key);
    if (!session) {
      session = new CallerSession(this.apiUrl(), caller);
      this.sessions.set(key, session);
    }
    const ready = session;
    const turn = (this.queues.get(key) ?? Promise.resolve()).then(() => work(ready));
    this.queues.set(key, turn.catch(() => undefined));
    return turn;
  }
}

export function loginFailureReason(caller: Caller, outcome: LoginOutcome): string | undefined {
  return outcome.ok ? undefined : `login as ${callerName(caller)}: ${outcome.said}`;
}
