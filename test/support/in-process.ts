// The engine without HTTP: the API with the fixture's site configuration over any store, and
// requests built as the server builds them.
import { fileURLToPath } from 'node:url';
import { createApi, type Api } from '../../src/api/api.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import { parseQueryString, emptyValues } from '../../src/server/request-reader.ts';
import { queryModules } from '../../src/modules/index.ts';
import type { Store } from '../../src/store/store.ts';

// Not fixture-wiki.ts's: that one brings node:test, which benchmarks importing this need not load.
const FIXTURE_CONFIG = fileURLToPath(new URL('../../config/fixture.json', import.meta.url));

/** The API with the fixture's site configuration over any store holding the fixture wiki. */
export async function apiOver(store: Store): Promise<Api> {
  return createApi(loadSiteConfig(FIXTURE_CONFIG), store, queryModules);
}

const HEADERS = { host: '127.0.0.1:8081', 'user-agent': 'wikiquery-in-process', accept: '*/*' };

/** A request for a query string, parsed by the HTTP layer's own rules. */
export function getRequest(qs: string, method: 'GET' | 'POST' = 'GET'): ApiRequest {
  const values = parseQueryString(qs, emptyValues(), method === 'GET');
  return new ApiRequest(method, values.values, HEADERS, '127.0.0.1', `/wiki/api.php?${qs}`, values.cleaned);
}
