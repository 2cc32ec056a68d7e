// Which session a request runs in. The session travels with the request's caller (the object
// the request context holds), so that the actions and the query modules reach it.
import type { Caller } from '../caller.ts';
import type { ApiRequest } from '../request.ts';
import type { RequestSession } from './sessions.ts';

const sessions = new WeakMap<Caller, RequestSession>();

export function attachSession(caller: Caller, session: RequestSession): void {
  sessions.set(caller, session);
}

/** The session of the request `caller` is the caller of; undefined when it runs without one. */
export function sessionOf(caller: Caller): RequestSession | undefined {
  return sessions.get(caller);
}

/** ApiMain::lacksSameOriginSecurity: JSONP, `origin=*` and Treat-as-Untrusted requests run logged out, without tokens. */
export function lacksSameOriginSecurity(request: ApiRequest): boolean {
  return request.peek('callback') !== undefined || request.peek('origin') === '*' || request.header('treat-as-untrusted') !== undefined;
}
