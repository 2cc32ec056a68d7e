// The statements of a schema data file (src/store/<backend>/schema.sql, written by
// scripts/extract-schemas.mjs): blank-line separated, `--` comment lines, markers left unfilled.
import { readFileSync } from 'node:fs';

const cache = new Map<string, readonly string[]>();

/** A schema file's statements, read on first use (only creating a schema needs them). */
export function schemaFileStatements(file: URL): readonly string[] {
  let statements = cache.get(file.href);
  if (!statements) {
    statements = readFileSync(file, 'utf8')
      .split(/\n\s*\n/)
      .map((block) => block.split('\n').filter((line) => !line.startsWith('--')).join('\n').trim())
      .filter((statement) => statement !== '')
      .map((statement) => statement.replace(/;$/, ''));
    cache.set(file.href, statements);
  }
  return statements;
}
