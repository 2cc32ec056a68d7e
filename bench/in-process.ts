// The engine without HTTP over the fixture wiki (the API and requests as test/support builds them).
import { fileURLToPath } from 'node:url';
import type { Api } from '../src/api/api.ts';
import { openSqliteStore } from '../src/store/sqlite/index.ts';
import { apiOver } from '../test/support/in-process.ts';

export { apiOver, getRequest } from '../test/support/in-process.ts';

const SHARED = process.env.WIKIQUERY_SHARED ?? fileURLToPath(new URL('../../shared', import.meta.url));
export const FIXTURE_DB = `${SHARED}/fixtures/fixture-wiki/data/wikidb.sqlite`;

export async function fixtureApi(): Promise<Api> {
  return apiOver(openSqliteStore(FIXTURE_DB));
}
