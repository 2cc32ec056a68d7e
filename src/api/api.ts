// What a composition root (the server, a query thread, a benchmark) builds to answer requests: the
// wiki's services and the module declarations over the query modules it hands in. The api layer
// never imports the query modules itself.
import type { SiteConfig } from '../wiki/site.ts';
import type { Store } from '../store/store.ts';
import type { ApiModules } from './actions/action.ts';
import { helpAction } from './help-page.ts';
import { openSearchAction } from './actions/opensearch.ts';
import { buildApiModules, type ServedAction } from './main-declarations.ts';
import type { QueryModule } from './module.ts';
import { paraminfoAction } from './paraminfo-action.ts';
import { queryAction } from './query/query.ts';
import { createServices, type ApiServices } from './services.ts';
import { SESSION_ACTIONS } from './session/actions.ts';
import type { SessionManager } from './session/sessions.ts';

/** The actions this server answers; every other action of MediaWiki 1.39 is declared and refused. */
const SERVED_ACTIONS: readonly ServedAction[] = [queryAction, paraminfoAction, helpAction, openSearchAction, ...SESSION_ACTIONS];

export interface Api {
  readonly services: ApiServices;
  readonly modules: ApiModules;
}

const built = new WeakMap<readonly QueryModule[], ApiModules>();

/** The declarations over `queryModules`: built once per process for one list of modules. */
export function apiModulesFor(queryModules: readonly QueryModule[]): ApiModules {
  let modules = built.get(queryModules);
  if (!modules) built.set(queryModules, (modules = buildApiModules(queryModules, SERVED_ACTIONS)));
  return modules;
}

/**
 * The API over one wiki: its services (read from the store) and the declarations of `queryModules`;
 * `sessions` lets callers log in.
 */
export async function createApi(site: SiteConfig, store: Store, queryModules: readonly QueryModule[], options: { sessions?: SessionManager } = {}): Promise<Api> {
  return { services: await createServices(site, store, options.sessions), modules: apiModulesFor(queryModules) };
}
