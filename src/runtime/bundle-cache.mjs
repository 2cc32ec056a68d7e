// Bundles of wikiquery's code (importer workers, the import command, the server's query threads) kept in node_modules/.cache, one per checkout, rebuilt when the content of a source changes.
//
// Shared by the worker threads' bundles (spawn.ts) and the `wikiquery import` command's
// (main-bundle.mjs, which runs before tsx is loaded: hence plain JavaScript, typed by
// bundle-cache.d.mts). A bundle's name carries the checkout's path: checkouts that share one
// node_modules (a symlink) never run each other's code.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(PROJECT, 'node_modules', '.cache', 'wikiquery-workers');
const CHECKOUT = createHash('sha1').update(PROJECT).digest('hex').slice(0, 10);

/** Where the bundle named `name` is kept. */
export function bundleFile(name) {
  return join(CACHE, `${name}-${CHECKOUT}.mjs`);
}

/** esbuild's options for a bundle of `entry` (a source file's path). */
export function bundleOptions(entry) {
  return {
    entryPoints: [entry],
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
  };
}

/** Whether the bundle at `out` exists and every file it was made of still has the same content. */
export function isFresh(out) {
  const inputsFile = `${out}.inputs.json`;
  if (!existsSync(out) || !existsSync(inputsFile)) return false;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  for (const [path, recorded] of Object.entries(inputs)) {
    if (typeof recorded !== 'string' || contentHash(path) !== recorded) return false;
  }
  return Object.keys(inputs).length > 0;
}

/** Writes esbuild's `result` to `out`, with the content hashes of its inputs beside it. */
export function keepBundle(out, result) {
  mkdirSync(CACHE, { recursive: true });
  const inputs = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const path = resolve(PROJECT, input);
    inputs[path] = contentHash(path) ?? '';
  }
  // Written aside and renamed: another import starting at the same time never reads half a file.
  const temporary = `${out}.${process.pid}.tmp`;
  writeFileSync(temporary, result.outputFiles[0].contents);
  renameSync(temporary, out);
  writeFileSync(`${out}.inputs.json.${process.pid}.tmp`, JSON.stringify(inputs));
  renameSync(`${out}.inputs.json.${process.pid}.tmp`, `${out}.inputs.json`);
}

function contentHash(path) {
  try {
    return createHash('sha1').update(readFileSync(path)).digest('hex');
  } catch {
    return null;
  }
}

/** Every `import.meta.url` of a source file (TypeScript, or JavaScript like bundle-cache.mjs) written as that file's URL. */
export const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mjs)$/ }, (args) =>
      args.path.includes(`${sep}node_modules${sep}`)
        ? undefined
        : {
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: args.path.endsWith('.ts') ? 'ts' : 'js',
          },
    );
  },
};
