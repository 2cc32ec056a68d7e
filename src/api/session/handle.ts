// One request in its session: the session is read from the request's cookies, the caller built
// from it, the request answered, then what the request changed of the session written back and
// its cookies added to the answer. Without a session manager (a benchmark, a test over a store)
// every caller is anonymous.
import { anonymousCaller, blockCookieChange, callerFor, type Caller } from '../caller.ts';
import type { Api } from '../api.ts';
import { handleApiRequest, type ApiResponse, type HandleOptions } from '../main.ts';
import type { ApiRequest } from '../request.ts';
import { deleteCookieHeader, parseCookies, setCookieHeader } from './cookies.ts';
import { attachSession, lacksSameOriginSecurity } from './request-session.ts';

export async function handleSessionRequest(api: Api, request: ApiRequest, options: HandleOptions = {}): Promise<ApiResponse> {
  const manager = api.services.sessions;
  if (!manager || options.failure || options.caller || lacksSameOriginSecurity(request)) return handleApiRequest(api, request, options);
  const session = await manager.open(api.services.store.accounts, request);
  let caller: Caller = session.identity ? await callerFor(api.services, session.identity, request) : anonymousCaller(api.services.site, request.ip);
  // userinfo's preferencestoken is the session's csrf token.
  if (!caller.isAnonymous) caller = Object.assign({}, caller, { csrfToken: session.token('csrf').value });
  const blockCookieName = `${manager.cookiePrefix}BlockID`;
  const blockCookie = parseCookies(request.header('cookie')).get(blockCookieName);
  if (blockCookie !== undefined) caller = { ...caller, blockCookie };
  attachSession(caller, session);
  const response = await handleApiRequest(api, request, { ...options, caller });
  // BlockManager::trackBlockWithCookie, for a logged-in caller or a browser that brought a block
  // cookie (an anonymous caller's address blocks are not looked up on every request for it).
  // It reads the wiki, so it comes before anything is written: a read past the request's budget
  // runs the whole request again elsewhere.
  const change = !caller.isAnonymous || blockCookie !== undefined ? await blockCookieChange(api.services, caller) : null;
  const cookies = await session.finish();
  if (change && 'set' in change) {
    cookies.push(setCookieHeader(blockCookieName, change.set, { maxAgeSeconds: Math.max(0, change.expires - Math.floor(Date.now() / 1000)), httpOnly: false }));
  } else if (change) cookies.push(deleteCookieHeader(blockCookieName, { httpOnly: false }));
  if (cookies.length) response.setCookies = cookies;
  return response;
}
