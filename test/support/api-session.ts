// A caller of a running wikiquery with its own cookies, as a client keeps them, logged in with
// action=login.
import assert from 'node:assert/strict';
import type { Json } from './fixture-wiki.ts';

export class ApiSession {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly url: string) {}

  /** A GET of `query`, or a POST of `form`, as JSON. */
  async request(query: string, form?: Record<string, string>): Promise<Json> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const init: RequestInit = form ? { method: 'POST', body: new URLSearchParams(form), headers } : { headers };
    const response = await fetch(form ? this.url : `${this.url}?${query}`, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const equals = pair.indexOf('=');
      if (/Max-Age=0/.test(cookie)) this.cookies.delete(pair.slice(0, equals));
      else this.cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
    }
    return response.json();
  }

  async login(name: string, password: string): Promise<this> {
    const token = (await this.request('action=query&format=json&meta=tokens&type=login')).query.tokens.logintoken;
    const answer = await this.request('', { action: 'login', format: 'json', lgname: name, lgpassword: password, lgtoken: token });
    assert.equal(answer.login.result, 'Success');
    return this;
  }
}
