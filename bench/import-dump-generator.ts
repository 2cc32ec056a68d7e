// Writes a large MediaWiki dump for benchmarks: a real dump's pages repeated under new titles and ids.

import { createWriteStream, readFileSync } from 'node:fs';
import { once } from 'node:events';

export interface GenerateOptions {
  source: string;
  target: string;
  /** Stop after this many bytes of output (approximately). */
  bytes: number;
  /** Revisions per page: 1 gives a pages-articles dump; more repeats each page's revision as history. */
  revisionsPerPage?: number;
}

export interface GeneratedDump {
  path: string;
  bytes: number;
  pages: number;
  revisions: number;
}

/** Splits a dump into its header (up to the first <page>), its pages, and its footer. */
function splitDump(xml: string): { header: string; pages: string[]; footer: string } {
  const first = xml.indexOf('  <page>');
  const end = xml.lastIndexOf('</mediawiki>');
  const body = xml.slice(first, end);
  const pages = body.split(/(?=  <page>)/).filter((p) => p.trim().length > 0);
  return { header: xml.slice(0, first), pages, footer: xml.slice(end) };
}

export async function generateDump(options: GenerateOptions): Promise<GeneratedDump> {
  const { header, pages, footer } = splitDump(readFileSync(options.source, 'utf8'));
  const out = createWriteStream(options.target);
  const write = async (s: string): Promise<void> => {
    if (!out.write(s)) await once(out, 'drain');
  };
  const perPage = Math.max(1, options.revisionsPerPage ?? 1);
  let bytes = 0;
  let pageCount = 0;
  let revisionCount = 0;
  let nextPageId = 1;
  let nextRevisionId = 1;
  await write(header);
  bytes += Buffer.byteLength(header);
  for (let copy = 0; bytes < options.bytes; copy++) {
    for (const page of pages) {
      if (bytes >= options.bytes) break;
      const text = copyPage(page, copy, nextPageId++, () => nextRevisionId++, perPage);
      revisionCount += perPage;
      pageCount++;
      await write(text);
      bytes += Buffer.byteLength(text);
    }
  }
  await write(footer);
  out.end();
  await once(out, 'finish');
  return { path: options.target, bytes, pages: pageCount, revisions: revisionCount };
}

function copyPage(page: string, copy: number, pageId: number, nextRevisionId: () => number, perPage: number): string {
  let text = page.replace(/<id>\d+<\/id>/, `<id>${pageId}</id>`);
  if (copy > 0) text = text.replace(/<title>([^<]*)<\/title>/, (_m, title: string) => `<title>${title} ${copy}</title>`);
  text = text.replace(/<parentid>\d+<\/parentid>\n\s*/, '');
  const start = text.indexOf('    <revision>');
  const end = text.lastIndexOf('</revision>') + '</revision>\n'.length;
  if (start < 0 || end < start) return text;
  const revision = text.slice(start, end);
  let revisions = '';
  for (let i = 0; i < perPage; i++) {
    const id = nextRevisionId();
    revisions += revision.replace(/<id>\d+<\/id>/, `<id>${id}</id>`).replace(/<timestamp>(\d{4})/, (_m, y: string) => `<timestamp>${Number(y) - perPage + i + 1}`);
  }
  return text.slice(0, start) + revisions + text.slice(end);
}
