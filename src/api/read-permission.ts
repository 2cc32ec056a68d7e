// A private wiki (one where `*` lacks the `read` right): ApiMain::checkExecutePermissions refuses a
// module in read mode to a caller without `read`, whatever it asks for. action=query is in read
// mode unless it asks for nothing but meta modules that are not (tokens, authmanagerinfo), so that
// a client can still get a login token and log in.
import type { ActionDecl } from './actions/action.ts';
import type { Caller } from './caller.ts';
import { ApiError } from './errors.ts';
import { msg } from './i18n/messages.ts';
import type { QueryModuleRegistry } from './query/query-modules.ts';
import type { ApiRequest } from './request.ts';
import type { SiteConfig } from '../wiki/site.ts';

/** action=query's own parameters and the page set's: any of them asks for pages (ApiQuery::isReadMode). */
const QUERY_PARAMS = ['prop', 'list', 'meta', 'indexpageids', 'export', 'exportnowrap', 'exportschema', 'iwurl', 'continue', 'rawcontinue',
  'titles', 'pageids', 'revids', 'generator', 'redirects', 'converttitles'];
/** Frameworks add these to every request; they show nothing by themselves. */
const HARMLESS_QUERY_PARAMS = new Set(['rawcontinue', 'indexpageids']);

/** Whether everyone may read the wiki ($wgGroupPermissions['*']['read'], less $wgRevokePermissions). */
export function everyoneMayRead(site: SiteConfig): boolean {
  return site.groups['*']?.rights.includes('read') === true;
}

/** ApiQuery::isReadMode for this request. */
function queryIsReadMode(request: ApiRequest, queryModules: QueryModuleRegistry): boolean {
  for (const name of QUERY_PARAMS) {
    if (HARMLESS_QUERY_PARAMS.has(name)) continue;
    if ((request.peek(name) !== undefined) !== (name === 'meta')) return true;
  }
  const metas = (request.peek('meta') ?? '').split('|').filter(Boolean);
  return metas.some((name) => queryModules.get('meta', name)?.decl.readRights ?? true);
}

/** Refuses (readapidenied) a module in read mode to a caller who may not read a private wiki. */
export function checkReadPermission(site: SiteConfig, caller: Caller, action: ActionDecl, request: ApiRequest, queryModules: QueryModuleRegistry): void {
  if (everyoneMayRead(site) || caller.rights.has('read')) return;
  const readMode = action.name === 'query' ? queryIsReadMode(request, queryModules) : action.readRights ?? true;
  if (readMode) throw new ApiError(msg('apierror-readapidenied'), { code: 'readapidenied' });
}
