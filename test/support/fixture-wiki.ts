// The shared fixture wiki for tests: where it is, whether it is there, and a server over it.
import { existsSync } from 'node:fs';
import { after, before } from 'node:test';
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
export function startFixtureServer(overrides: Partial<SiteConfig> = {}, db: string = fixtureDb): Promise<RunningServer> {
  return startServer({ db, site: loadSiteConfig(fixtureConfig, overrides), port: 0, host: '127.0.0.1' });
}

export interface FixtureServerOptions {
  /** What every request of `api` and `get` starts with; `action=query&format=json` unless given. */
  params?: string;
  /** Site settings over config/fixture.json (miserMode, debug, ...). */
  site?: Partial<SiteConfig>;
  /** The database to serve, asked for when the server starts (a copy an earlier `before` made); the fixture's otherwise. */
  db?: () => string;
}

/** A describe block's own wikiquery, running from its `before` hook to its `after` hook. */
export interface FixtureServer {
  /** The api.php URL; read it inside tests and later hooks, since the server starts in `before`. */
  readonly url: string;
  /** GET api.php?<params>&<query>. */
  get(query: string, init?: RequestInit): Promise<Response>;
  /** The JSON answer to GET api.php?<params>&<query>. */
  api(query: string, init?: RequestInit): Promise<Json>;
}

/**
 * Starts a wikiquery over the fixture wiki before the enclosing describe's tests and stops it after
 * them. Call it inside a `describe(..., { skip: skipWithoutFixture })`, so that no server starts
 * when the fixture is absent.
 */
export function useFixtureServer(options: FixtureServerOptions = {}): FixtureServer {
  const params = options.params ?? 'action=query&format=json';
  let server: RunningServer | undefined;
  before(async () => {
    server = await startFixtureServer(options.site, options.db?.());
  });
  after(async () => {
    await server?.close();
  });
  const url = (): string => {
    if (!server) throw new Error('the fixture server starts in a before hook: read its URL inside a test');
    return server.url;
  };
  const get = (query: string, init?: RequestInit): Promise<Response> => fetch(`${url()}?${params}&${query}`, init);
  return {
    get url() {
      return url();
    },
    get,
    api: async (query, init) => (await get(query, init)).json(),
  };
}
