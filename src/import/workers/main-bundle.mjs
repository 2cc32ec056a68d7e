// `wikiquery import` from one JavaScript bundle of the importer instead of its TypeScript through tsx.
//
// Loading the importer's ninety-odd TypeScript files through tsx costs a quarter of a second at
// every start, as long as the import of a small dump. So the command runs from a bundle made with
// esbuild and kept in node_modules/.cache until the content of one of its source files changes,
// like the worker threads' bundles (spawn.ts). Each source file keeps its own import.meta.url
// (written into it while bundling), so what is found from it (the workers' scripts, the Lua
// libraries, JSON facts) is this checkout's files, as when the sources run through tsx.
// Plain JavaScript: it runs before tsx is loaded, which it spares.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleFile, bundleOptions, isFresh, keepBundle, PROJECT, sourceUrls } from '../../runtime/bundle-cache.mjs';

const ENTRY = join(PROJECT, 'src', 'import', 'index.ts');

/**
 * The importer's module (what src/import/index.ts exports) from the bundle, built first when
 * missing or stale; null when it cannot be had (no esbuild, a cache that cannot be written,
 * WIKIQUERY_WORKERS_TSX set): the caller then loads the sources through tsx.
 */
export async function importerFromBundle() {
  if (process.env.WIKIQUERY_WORKERS_TSX) return null;
  const out = bundleFile('import-main');
  try {
    if (!isFresh(out)) {
      const esbuild = createRequire(import.meta.url)('esbuild');
      keepBundle(out, await esbuild.build({ ...bundleOptions(ENTRY), plugins: [sourceUrls] }));
    }
    return await import(pathToFileURL(out).href);
  } catch {
    return null;
  }
}
