// The tokenizer's WebAssembly loops (newline counting, entity decoding) give what a plain reading of the bytes gives, however the data is cut.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { XmlError, XmlTokenizer, type XmlSink } from '../../src/import/read/xml-tokenizer.ts';

/** Tokenizes `xml` written in chunks of the given sizes (in turn); returns each element's text and the line its start tag is on. */
function read(xml: Buffer, chunkSizes: number[]): Array<{ name: string; line: number; text: string }> {
  const elements: Array<{ name: string; line: number; pieces: Buffer[] }> = [];
  const open: Array<(typeof elements)[number]> = [];
  const sink: XmlSink = {
    open(name) {
      const element = { name, line: tokenizer.lineNumber(), pieces: [] };
      elements.push(element);
      open.push(element);
    },
    text(bytes, start, end) {
      open[open.length - 1]!.pieces.push(Buffer.from(bytes.subarray(start, end)));
    },
    close() {
      open.pop();
    },
  };
  const tokenizer = new XmlTokenizer(sink);
  for (let at = 0, k = 0; at < xml.length; k++) {
    const size = chunkSizes[k % chunkSizes.length]!;
    tokenizer.write(xml.subarray(at, at + size));
    at += size;
  }
  tokenizer.end();
  return elements.map(({ name, line, pieces }) => ({ name, line, text: Buffer.concat(pieces).toString() }));
}

const CHUNKINGS = [[1 << 20], [1], [7, 16, 17, 3], [4096, 13]];

/** What the tokenizer should give, worked out the slow way. */
function expectedLine(xml: string, at: number): number {
  return xml.slice(0, at).split('\n').length;
}

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

describe('XmlTokenizer', () => {
  test('counts lines across chunks and long runs without newlines', () => {
    const lines = ['<root>'];
    for (let i = 0; i < 200; i++) lines.push(`${' '.repeat(i % 37)}<item>${'x\n'.repeat(i % 5)}${'y'.repeat(i * 3)}</item>`);
    lines.push('</root>');
    const xml = lines.join('\n');
    const positions = [...xml.matchAll(/<item>/g)].map((m) => expectedLine(xml, m.index));
    for (const chunks of CHUNKINGS) {
      const items = read(Buffer.from(xml), chunks).filter((e) => e.name === 'item');
      assert.deepEqual(
        items.map((e) => e.line),
        positions,
        `chunks ${chunks}`,
      );
    }
  });

  test('decodes entities wherever they fall in a sixteen-byte block', () => {
    const entities = ['&lt;', '&gt;', '&amp;', '&quot;', '&apos;', '&#233;', '&#x1F600;', '&amp;lt;'];
    const texts: string[] = [];
    for (let before = 0; before < 40; before++) {
      for (const entity of entities) texts.push(`${'a'.repeat(before)}${entity}${'ā'.repeat(before % 7)}${entity}${'b'.repeat(40 - before)}`);
    }
    const xml = `<root>\n${texts.map((t) => `<t>${t}</t>`).join('\n')}\n</root>\n`;
    for (const chunks of CHUNKINGS) {
      const got = read(Buffer.from(xml), chunks).filter((e) => e.name === 't');
      assert.deepEqual(
        got.map((e) => e.text),
        texts.map(decode),
        `chunks ${chunks}`,
      );
    }
  });

  test('an entity cut short or unknown is an error at its position', () => {
    for (const [text, message, column] of [
      ['abc &lt def', '"&" that starts no entity', 8],
      ['x'.repeat(30) + '&bogus;', 'unknown entity &bogus;', 34],
      ['x'.repeat(20) + '&amp', '"&" that starts no entity', 24],
    ] as const) {
      assert.throws(
        () => read(Buffer.from(`<root>\n<t>${text}</t>\n</root>\n`), [1 << 20]),
        (error: unknown) => error instanceof XmlError && error.message.startsWith(message) && error.line === 2 && error.column === column,
        text,
      );
    }
  });
});
