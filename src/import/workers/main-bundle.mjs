// `wikiquery import` from one JavaScript bundle of the importer instead of its TypeScript through tsx.
//
// Loading the importer's ninety-odd TypeScript files through tsx costs a quarter of a second at
// every start, as long as the import of a small dump. So the command runs from a bundle made with
// esbuild and kept in node_modules/.cache until the content of one of its source files changes,
// like the worker threads' bundles (spawn.ts). Each source file keeps its own import.meta.url
// (written into it while bundling), so what is found from it (the workers' scripts, the Lua
// libraries, JSON facts) is this checkout's files, as when the sources run through tsx.
// Plain JavaScript: it runs before tsx is loaded, which it spares.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url));
const ENTRY = join(PROJECT, 'src', 'import', 'index.ts');
const CACHE = join(PROJECT, 'node_modules', '.cache', 'wikiquery-workers');
const CHECKOUT = createHash('sha1').update(PROJECT).digest('hex').slice(0, 10);

/**
 * The importer's module (what src/import/index.ts exports) from the bundle, built first when
 * missing or stale; null when it cannot be had (no esbuild, a cache that cannot be written,
 * WIKIQUERY_WORKERS_TSX set): the caller then loads the sources through tsx.
 */
export async function importerFromBundle() {
  if (process.env.WIKIQUERY_WORKERS_TSX) return null;
  const out = join(CACHE, `import-main-${CHECKOUT}.mjs`);
  const inputsFile = `${out}.inputs.json`;
  try {
    if (!existsSync(out) || !existsSync(inputsFile) || !unchanged(JSON.parse(readFileSync(inputsFile, 'utf8')))) {
      await build(out, inputsFile);
    }
    return await import(pathToFileURL(out).href);
  } catch {
    return null;
  }
}

/** Every `import.meta.url` of a source file written as that file's URL. */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

async function build(out, inputsFile) {
  const esbuild = createRequire(import.meta.url)('esbuild');
  mkdirSync(CACHE, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages stay imports, found from node_modules/.cache like from anywhere in the project.
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'silent',
    absWorkingDir: PROJECT,
    plugins: [sourceUrls],
  });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = resolve(PROJECT, input);
    inputs[path] = contentHash(path) ?? '';
  }
  // Written aside and renamed: another import starting at the same time never reads half a file.
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, out);
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
}

function contentHash(path) {
  try {
    return createHash('sha1').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}

function unchanged(inputs) {
  for (const [path, recorded] of Object.entries(inputs)) {
    if (typeof recorded !== 'string' || contentHash(path) !== recorded) return false;
  }
  return Object.keys(inputs).length > 0;
}
