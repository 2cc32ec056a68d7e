// Broken dumps get a clear message with a position, and either skip-and-report or a stop (--strict).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { runImport } from '../../src/import/index.ts';
import { findBzip2Tool, openDump } from '../../src/import/read/dump-source.ts';
import { testDump, testPage } from '../support/test-dump.ts';

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'wikiquery-bad-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

function page(id: number, title: string, text = `Text of [[${title}]] page.`, ns = 0): string {
  return testPage({ id, title, text, ns, revisionId: id * 10, timestamp: `2020-01-0${(id % 9) + 1}T00:00:00Z` });
}

function dump(pages: string, version = '0.11'): string {
  return testDump({ namespaces: [[1, 'Talk'], [10, 'Template'], [14, 'Category']], version }, pages);
}

function write(name: string, content: string | Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function pageTitles(db: string): string[] {
  const conn = new Database(db, { readonly: true });
  const titles = conn.prepare('SELECT page_title FROM page ORDER BY page_id').pluck().all() as string[];
  conn.close();
  return titles;
}

describe('a truncated dump', () => {
  const text = dump(page(1, 'Alpha') + page(2, 'Beta') + page(3, 'Gamma'));
  const cut = text.slice(0, text.indexOf('<title>Gamma') + 40);

  test('imports the complete pages and reports where the file ends', async () => {
    const db = join(dir, 'truncated.sqlite');
    const summary = await runImport({ dumps: [write('truncated.xml', cut)], db });
    assert.equal(summary.ok, true);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Beta']);
    const problem = summary.problems.find((p) => /truncated|ends inside/.test(p.message));
    assert.ok(problem, JSON.stringify(summary.problems));
    assert.ok(problem.line! > 20, 'the message gives the line where the file stops');
  });

  test('with --strict, stops and leaves no database behind', async () => {
    const db = join(dir, 'truncated-strict.sqlite');
    const summary = await runImport({ dumps: [write('truncated2.xml', cut)], db, strict: true });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /ends inside <.*>.*line \d+/);
    assert.equal(existsSync(db), false);
    assert.equal(existsSync(`${db}.tmp`), false);
  });
});

describe('malformed XML inside a page', () => {
  const text = dump(page(1, 'Alpha') + page(2, 'Beta').replace('</title>', '</titel>') + page(3, 'Gamma'));

  test('skips that page, goes on with the next, and says where', async () => {
    const db = join(dir, 'malformed.sqlite');
    const summary = await runImport({ dumps: [write('malformed.xml', text)], db });
    assert.equal(summary.ok, true);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Gamma']);
    const problem = summary.problems.find((p) => p.message.includes('malformed XML'));
    assert.ok(problem);
    assert.match(problem.message, /<\/titel>/);
    assert.equal(problem.line, 29);
  });

  test('with --strict, stops at it', async () => {
    const summary = await runImport({ dumps: [write('malformed2.xml', text)], db: join(dir, 'malformed2.sqlite'), strict: true });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /titel.*line 29/);
  });
});

describe('an unknown export schema version', () => {
  const text = dump(page(1, 'Alpha'), '0.99');

  test('is reported and read as the newest known version', async () => {
    const summary = await runImport({ dumps: [write('version.xml', text)], db: join(dir, 'version.sqlite') });
    assert.equal(summary.ok, true);
    assert.ok(summary.problems.some((p) => p.message.includes('unknown export schema version 0.99')));
    assert.equal(summary.pages, 1);
  });

  test('stops the import with --strict', async () => {
    const summary = await runImport({ dumps: [write('version2.xml', text)], db: join(dir, 'version2.sqlite'), strict: true });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /unknown export schema version 0\.99 .*line 1/);
  });
});

describe('a duplicate page id', () => {
  const text = dump(page(1, 'Alpha') + page(1, 'Beta'));

  test('keeps the first page and reports the second with its line', async () => {
    const db = join(dir, 'dup.sqlite');
    const summary = await runImport({ dumps: [write('dup.xml', text)], db });
    assert.equal(summary.ok, true);
    assert.deepEqual(pageTitles(db), ['Alpha']);
    const problem = summary.problems.find((p) => p.message.includes('duplicate page id 1'));
    assert.ok(problem, JSON.stringify(summary.problems));
    assert.equal(problem.subject, 'Beta');
    assert.equal(problem.line, 28);
    assert.equal(summary.skippedPages, 1);
  });

  test('stops with --strict', async () => {
    const summary = await runImport({ dumps: [write('dup2.xml', text)], db: join(dir, 'dup2.sqlite'), strict: true });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /duplicate page id 1: already used by "Alpha"/);
  });
});

describe('an invalid title', () => {
  test('is skipped and reported with the reason', async () => {
    const text = dump(page(1, 'Alpha') + page(2, 'Bad [brackets]') + page(3, 'Talk:') + page(4, 'Gamma'));
    const db = join(dir, 'title.sqlite');
    const summary = await runImport({ dumps: [write('title.xml', text)], db });
    assert.equal(summary.ok, true);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Gamma']);
    const messages = summary.problems.map((p) => p.message).join('\n');
    assert.match(messages, /invalid title "Bad \[brackets\]": The requested page title contains invalid characters: "\["/);
    assert.match(messages, /invalid title "Talk:": The requested page title is empty or contains only the name of a namespace\./);
  });
});

describe('files that are not dumps', () => {
  test('a missing file is a clear failure', async () => {
    const summary = await runImport({ dumps: [join(dir, 'nope.xml')], db: join(dir, 'nope.sqlite') });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /cannot read .*nope\.xml: no such file/);
  });

  test('another XML document is refused at its root element', async () => {
    const summary = await runImport({ dumps: [write('other.xml', '<?xml version="1.0"?>\n<html><body/></html>\n')], db: join(dir, 'other.sqlite') });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /not a MediaWiki XML dump: the root element is <html>.*line 2/);
  });

  test('an existing wiki is left as it was when an import fails', async () => {
    const db = join(dir, 'kept.sqlite');
    await runImport({ dumps: [write('kept.xml', dump(page(1, 'Alpha')))], db });
    const before = readFileSync(db);
    const summary = await runImport({ dumps: [write('kept-bad.xml', dump(page(2, 'Beta')).slice(0, 400))], db, strict: true });
    assert.equal(summary.ok, false);
    assert.deepEqual(readFileSync(db), before);
  });
});

describe('compressed dumps', () => {
  const text = dump(page(1, 'Alpha') + page(2, 'Beta') + page(3, 'Gamma'));

  test('.xml.gz is read through zlib', async () => {
    const db = join(dir, 'gz.sqlite');
    const summary = await runImport({ dumps: [write('dump.xml.gz', gzipSync(text))], db });
    assert.equal(summary.ok, true, summary.fatal);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Beta', 'Gamma']);
  });

  test('a multistream .xml.bz2 is read whole', { skip: findBzip2Tool() === null && 'no bzip2 program to make the file' }, async () => {
    const half = text.indexOf('  <page>', text.indexOf('<title>Beta') - 80);
    const first = execFileSync('bzip2', ['-c'], { input: text.slice(0, half) });
    const second = execFileSync('bzip2', ['-c'], { input: text.slice(half) });
    const path = write('dump.xml.bz2', Buffer.concat([first, second]));
    const db = join(dir, 'bz2.sqlite');
    const summary = await runImport({ dumps: [path], db });
    assert.equal(summary.ok, true, summary.fatal);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Beta', 'Gamma']);
    let decoded = '';
    for await (const chunk of openDump(path, { forceJsBzip2: true }).chunks()) decoded += chunk;
    assert.equal(decoded, text, 'the pure JavaScript decoder reads every stream too');
  });

  test('corrupt bzip2 data is a clear failure', async () => {
    const good = execFileSync('bzip2', ['-c'], { input: text });
    const path = write('corrupt.xml.bz2', Buffer.concat([good.subarray(0, 60), Buffer.alloc(40, 7), good.subarray(100)]));
    const summary = await runImport({ dumps: [path], db: join(dir, 'corrupt.sqlite') });
    assert.equal(summary.ok, false);
    assert.match(summary.fatal!, /bzip2 data is corrupt or truncated|not a MediaWiki XML dump|malformed|ends inside/);
  });
});

describe('--resume', () => {
  test('a failed import keeps its work, and the next run continues from it', async () => {
    const db = join(dir, 'resume.sqlite');
    const first = write('resume-1.xml', dump(page(1, 'Alpha') + page(2, 'Beta')));
    const second = write('resume-2.xml', dump(page(3, 'Gamma')));
    const failed = await runImport({ dumps: [first, join(dir, 'missing-part.xml')], db, resume: true });
    assert.equal(failed.ok, false);
    assert.equal(existsSync(db), false);
    assert.equal(existsSync(`${db}.tmp`), true, 'the working copy is kept');
    const resumed = await runImport({ dumps: [first, second], db, resume: true });
    assert.equal(resumed.ok, true, resumed.fatal);
    assert.equal(resumed.problemCount, 0);
    assert.deepEqual(pageTitles(db), ['Alpha', 'Beta', 'Gamma']);
    assert.equal(existsSync(`${db}.tmp`), false);
  });
});
