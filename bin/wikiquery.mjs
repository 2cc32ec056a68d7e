#!/usr/bin/env node
// Entry point for `wikiquery` / `npx wikiquery`: loads the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
