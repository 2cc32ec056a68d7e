// nodemw (npm), the callback-style MediaWiki client, set up against a running wikiquery and called
// as promises, for the end-to-end tests of real clients.
// nodemw is CommonJS without ESM types.
import NodeMw from 'nodemw';

/** A nodemw client of the wiki whose api.php is at `url` (under /wiki). */
export function nodemw(url: string) {
  const u = new URL(url);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return new (NodeMw as any)({ protocol: 'http', server: u.hostname, port: Number(u.port), path: '/wiki', debug: false, silent: true });
}

/** A nodemw call's callback as a promise. */
export function call<T>(fn: (cb: (err: unknown, data: T) => void) => void): Promise<T> {
  return new Promise((ok, fail) => fn((err, data) => (err ? fail(err) : ok(data))));
}
