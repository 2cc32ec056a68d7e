#!/usr/bin/env node
// Entry point for `wikiquery` / `npx wikiquery`: loads the TypeScript sources through tsx.
// `wikiquery import` runs from a bundle of the importer when it can (src/import/workers/main-bundle.mjs);
// with `--images`, which src/cli.ts adds to the import, through the sources.
const argv = process.argv.slice(2);
const withImages = argv.some((arg) => arg === '--images' || arg.startsWith('--images='));
const importer = argv[0] === 'import' && !withImages ? await (await import('../src/import/workers/main-bundle.mjs')).importerFromBundle() : null;
if (importer) {
  try {
    process.exitCode = await importer.importCommand(argv.slice(1));
  } catch (e) {
    // As src/cli.ts reports what escapes a command.
    console.error(`wikiquery: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  }
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli.ts');
  process.exitCode = await main(argv);
}
