// The shared fixture wiki for tests: where it is, whether it is there, and a server over it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../../src/cli.ts';
import { loadSiteConfig } from '../../src/server/config.ts';
import type { SiteConfig } from '../../src/wiki/site.ts';

export const fixtureDb = fileURLToPath(new URL('../../../shared/fixtures/fixture-wiki/data/wikidb.sqlite', import.meta.url));
export const fixtureConfig = fileURLToPath(new URL('../../config/fixture.json', import.meta.url));

/** For `describe(..., { skip })`: false when the fixture is beside the repository, else the reason. */
export const skipWithoutFixture: false | string = existsSync(fixtureDb) ? false : 'the shared fixture wiki is not beside the repository';

/** API answers in tests are read loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** wikiquery over the fixture wiki on a free loopback port, with config/fixture.json (plus overrides). */
export function startFixtureServer(overrides: Partial<SiteConfig> = {}): Promise<RunningServer> {
  return startServer({ db: fixtureDb, site: loadSiteConfig(fixtureConfig, overrides), port: 0, host: '127.0.0.1' });
}
