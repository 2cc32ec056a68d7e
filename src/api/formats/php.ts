// format=php: PHP serialize() of the formatversion 1 or 2 result, as MediaWiki prints it.

import type { ResultObject } from '../result.ts';
import { printerHeaders } from './headers.ts';
import { PHP_V1, PHP_V2, PhpArray, transformResult, type PhpKey, type PhpValue } from './php-array.ts';
import { isPhpInt, phpFloat } from './php-number.ts';
import type { FormatOptions, RenderedBody } from './types.ts';

function serializeString(s: string): string {
  return `s:${Buffer.byteLength(s, 'utf8')}:"${s}";`;
}

function serializeKey(key: PhpKey): string {
  return typeof key === 'number' ? `i:${key};` : serializeString(key);
}

/** PHP's serialize() of a value MediaWiki's transformations produced. */
export function phpSerialize(value: PhpValue): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

function write(value: PhpValue, out: string[], isFloat = false): void {
  if (value === null) out.push('N;');
  else if (typeof value === 'boolean') out.push(value ? 'b:1;' : 'b:0;');
  else if (typeof value === 'number') out.push(isPhpInt(value) && !isFloat ? `i:${value};` : `d:${phpFloat(value, 17, true, 'E')};`);
  else if (typeof value === 'string') out.push(serializeString(value));
  else writeArray(value, out);
}

function writeArray(value: PhpArray, out: string[]): void {
  out.push(value.isObject ? `O:8:"stdClass":${value.entries.length}:{` : `a:${value.entries.length}:{`);
  for (const [k, v] of value.entries) {
    out.push(serializeKey(k));
    write(v, out, value.meta.floats?.has(k) === true);
  }
  out.push('}');
}

export function phpText(tree: ResultObject, opts: FormatOptions): string {
  return phpSerialize(transformResult(tree, opts.formatVersion === 1 ? PHP_V1 : PHP_V2));
}

export function renderPhp(tree: ResultObject, opts: FormatOptions): RenderedBody {
  return {
    contentType: 'application/vnd.php.serialized; charset=utf-8',
    body: phpText(tree, opts),
    status: opts.httpStatus ?? 200,
    headers: printerHeaders('api-result.php'),
  };
}
