#!/usr/bin/env node
// Writes MediaWiki 1.39's own database schemas for MySQL/MariaDB and PostgreSQL as data files,
// so that neither the server nor CI needs a MediaWiki install:
//
//   node scripts/extract-schemas.mjs [MEDIAWIKI_DIR]
//
// - src/store/mariadb/schema.sql: what MysqlInstaller runs: maintenance/tables-generated.sql
//   (maintenance/tables.sql is blank since 1.35), then maintenance/update-keys.sql.
// - src/store/postgres/schema.sql: what PostgresInstaller runs: maintenance/postgres/
//   tables-generated.sql, then maintenance/postgres/tables.sql (the tsvector columns, triggers
//   and indexes SearchPostgres reads), then maintenance/postgres/update-keys.sql.
//
// Statements are kept as MediaWiki wrote them, one per blank-line-separated block, comments
// dropped. MediaWiki's markers stay for src/store/<backend>/schema.ts to fill in: /*_*/ before a
// name that takes the table prefix ($wgDBprefix) and /*$wgDBTableOptions*/. MediaWiki's
// PostgreSQL files name tables bare (its installer offers no prefix there, only $wgDBmwschema);
// this script marks every name the schema creates in them (tables, indexes, types, functions,
// triggers) with /*_*/, so that several prefixed wikis can share one PostgreSQL schema.
//
// MEDIAWIKI_DIR defaults to /usr/share/mediawiki (Debian's package).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const mw = process.argv[2] ?? '/usr/share/mediawiki';
const repo = new URL('..', import.meta.url).pathname;

const version = /define\(\s*'MW_VERSION',\s*'([^']+)'/.exec(readFileSync(join(mw, 'includes/Defines.php'), 'utf8'))?.[1];
if (!version?.startsWith('1.39.')) throw new Error(`expected MediaWiki 1.39 in ${mw}, found ${version ?? 'no version'}`);

/** Splits a file into statements as MediaWiki's sourceStream does: `--` lines skipped, `;` at a line's end, $mw$ bodies whole. */
function statementsOf(relativePath) {
  const statements = [];
  let lines = [];
  let inDollarQuote = false;
  for (const raw of readFileSync(join(mw, relativePath), 'utf8').split('\n')) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (!inDollarQuote && (trimmed === '' || trimmed.startsWith('--'))) continue;
    lines.push(line);
    if ((trimmed.match(/\$mw\$/g) ?? []).length % 2 === 1) inDollarQuote = !inDollarQuote;
    if (!inDollarQuote && trimmed.endsWith(';')) {
      statements.push(lines.join('\n'));
      lines = [];
    }
  }
  if (lines.length > 0) throw new Error(`${relativePath}: unterminated statement: ${lines.join('\n')}`);
  // A blank line separates statements in the data file, so none may hold one.
  return statements.map((statement) => statement.split('\n').filter((line) => line.trim() !== '').join('\n'));
}

const NAME = String.raw`("\w+"|\w+)`;

/** Marks each name a PostgreSQL statement creates or refers to with /*_*\/, failing on any statement it does not know. */
function markPostgresNames(statement, typeNames) {
  const patterns = [
    [new RegExp(String.raw`^CREATE TABLE ${NAME} \(`), (m) => `CREATE TABLE /*_*/${m[1]} (`],
    [new RegExp(String.raw`^CREATE (UNIQUE )?INDEX (\w+) ON ${NAME} `), (m) => `CREATE ${m[1] ?? ''}INDEX /*_*/${m[2]} ON /*_*/${m[3]} `],
    [new RegExp(String.raw`^CREATE TYPE (\w+) AS `), (m) => { typeNames.add(m[1]); return `CREATE TYPE /*_*/${m[1]} AS `; }],
    [new RegExp(String.raw`^ALTER TABLE ${NAME} `), (m) => `ALTER TABLE /*_*/${m[1]} `],
    [/^CREATE FUNCTION (\w+)\(/, (m) => `CREATE FUNCTION /*_*/${m[1]}(`],
    [new RegExp(String.raw`^CREATE TRIGGER (\w+) (BEFORE|AFTER) ([A-Z ]+) ON ${NAME}\s+FOR EACH ROW EXECUTE PROCEDURE (\w+)\(`),
      (m) => `CREATE TRIGGER /*_*/${m[1]} ${m[2]} ${m[3]} ON /*_*/${m[4]}\n  FOR EACH ROW EXECUTE PROCEDURE /*_*/${m[5]}(`],
    [/^INSERT INTO \/\*_\*\/updatelog /, (m) => m[0]],
  ];
  for (const [pattern, replace] of patterns) {
    const match = pattern.exec(statement);
    if (!match) continue;
    let marked = replace(match) + statement.slice(match[0].length);
    // A type made here (US_MEDIA_TYPE_ENUM) is named again in a later table's column.
    for (const type of typeNames) {
      marked = marked.replace(new RegExp(String.raw`(?<!/\*_\*/)\b${type}\b`, 'g'), `/*_*/${type}`);
    }
    return marked;
  }
  throw new Error(`extract-schemas: no rule for this PostgreSQL statement:\n${statement}`);
}

function header(backend, sources, markers) {
  return [
    `-- MediaWiki ${version}'s database schema for ${backend}, as its installer creates it.`,
    `-- Written by scripts/extract-schemas.mjs from ${sources.join(', ')}; do not edit.`,
    ...markers.map((line) => `-- ${line}`),
    '',
  ].join('\n');
}

function write(path, head, statements) {
  writeFileSync(join(repo, path), `${head}\n${statements.join('\n\n')}\n`);
  process.stdout.write(`${path}: ${statements.length} statements\n`);
}

const mysqlSources = ['maintenance/tables-generated.sql', 'maintenance/tables.sql', 'maintenance/update-keys.sql'];
const mysqlStatements = mysqlSources.flatMap(statementsOf);
for (const statement of mysqlStatements) {
  if (!/^(CREATE TABLE \/\*_\*\/\w+ \(|INSERT IGNORE INTO \/\*_\*\/updatelog)/.test(statement)) {
    throw new Error(`extract-schemas: unexpected MySQL statement:\n${statement}`);
  }
}
write('src/store/mariadb/schema.sql',
  header('MySQL and MariaDB', mysqlSources, [
    '/*_*/ precedes a name that takes the table prefix ($wgDBprefix);',
    "/*$wgDBTableOptions*/ stands for the table options (the installer's default: ENGINE=InnoDB, DEFAULT CHARSET=binary).",
  ]),
  mysqlStatements);

const postgresSources = ['maintenance/postgres/tables-generated.sql', 'maintenance/postgres/tables.sql', 'maintenance/postgres/update-keys.sql'];
const typeNames = new Set();
const postgresStatements = postgresSources
  .flatMap(statementsOf)
  // The installer runs these files inside its own transaction; their BEGIN and SET are for a manual run.
  .filter((statement) => !/^(BEGIN|COMMIT|SET client_min_messages\b)/.test(statement))
  .map((statement) => markPostgresNames(statement, typeNames));
write('src/store/postgres/schema.sql',
  header('PostgreSQL', postgresSources, [
    '/*_*/ precedes a name that takes the table prefix ($wgDBprefix): tables, and, added by the script,',
    'indexes, types, functions and triggers. The statements run in the schema $wgDBmwschema.',
  ]),
  postgresStatements);
