// The link from an *fm page to its non-HTML form: MediaWiki rebuilds the query string from PHP's
// parsed $_GET (WebRequest::appendQueryValue + wfArrayToCgi), so it is PHP's parsing we copy:
// `a.b` becomes `a_b`, `a[x]` nests, later duplicates win in the first one's place, integer
// keys are renumbered by array_merge, and everything is re-encoded with urlencode().
//
// Strings here are "binary": one char per byte (latin1), so invalid UTF-8 survives the round trip.
import { arrayToCgi, phpUrlencodeBytes } from '../../wiki/urls.ts';

/** An int key (number, or bigint beyond 2^53) or a string key. */
type QueryKey = string | number | bigint;
/** A PHP array: its entries in order, and the next integer key an append takes. */
class QueryArray extends Map<QueryKey, QueryValue> {
  nextIndex = 0;
}
type QueryValue = string | QueryArray;

function newArray(): QueryArray {
  return new QueryArray();
}

const INT_KEY = /^(?:0|-?[1-9][0-9]*)$/;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** PHP's symbol-table key: decimal integer strings that fit in 64 bits become ints. */
function symtableKey(key: string): QueryKey {
  if (!INT_KEY.test(key) || key.length > 20) return key;
  const n = Number(key);
  if (Number.isSafeInteger(n)) return n;
  const big = BigInt(key);
  return big >= INT64_MIN && big <= INT64_MAX ? big : key;
}

function setKey(arr: QueryArray, key: QueryKey, value: QueryValue): void {
  arr.set(key, value);
  if (typeof key !== 'string' && Number(key) >= arr.nextIndex) arr.nextIndex = Number(key) + 1;
}

function append(arr: QueryArray, value: QueryValue): void {
  setKey(arr, arr.nextIndex, value);
}

/** php_url_decode: `+` is a space, valid %XX escapes become bytes, anything else stays. */
function urlDecodeBinary(s: string): string {
  const bytes = Buffer.from(s.replace(/\+/g, ' '), 'latin1');
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x25 && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2])) {
      out.push(parseInt(String.fromCharCode(bytes[i + 1], bytes[i + 2]), 16));
      i += 2;
    } else out.push(b);
  }
  return Buffer.from(out).toString('latin1');
}

function isHex(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/** php_register_variable_ex: where a `name=value` pair lands in $_GET. */
function registerVariable(root: QueryArray, rawName: string, value: string): void {
  let name = rawName.split('\0')[0].replace(/^ +/, '');
  let base = '';
  let i = 0;
  for (; i < name.length; i++) {
    const c = name[i];
    if (c === '[') break;
    base += c === ' ' || c === '.' ? '_' : c;
  }
  if (base === '') return;
  if (i === name.length) {
    setKey(root, symtableKey(base), value);
    return;
  }
  name = name.slice(i);
  const indexes: (string | null)[] = [];
  while (name.startsWith('[')) {
    const close = name.indexOf(']', 1);
    if (close < 0) {
      if (indexes.length === 0) {
        // "a[b" is no array: the bracket and any spaces or dots after it become underscores.
        setKey(root, symtableKey(base + '_' + name.slice(1).replace(/[ .[]/g, '_')), value);
        return;
      }
      break;
    }
    const index = name.slice(1, close);
    indexes.push(index === '' ? null : index);
    name = name.slice(close + 1);
  }
  let target = root;
  let key: QueryKey | null = symtableKey(base);
  for (const index of indexes) {
    let next: QueryValue | undefined = key === null ? undefined : target.get(key);
    if (next === undefined || typeof next === 'string') {
      next = newArray();
      if (key === null) append(target, next);
      else setKey(target, key, next);
    }
    target = next;
    key = index === null ? null : symtableKey(index);
  }
  if (key === null) append(target, value);
  else setKey(target, key, value);
}

/** $_GET as PHP builds it from a raw query string. */
export function parsePhpQuery(queryString: string): QueryArray {
  const root = newArray();
  const binary = /[^\x00-\xff]/.test(queryString) ? Buffer.from(queryString, 'utf8').toString('latin1') : queryString;
  for (const part of binary.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = urlDecodeBinary(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : urlDecodeBinary(part.slice(eq + 1));
    registerVariable(root, name, value);
  }
  return root;
}

/** WebRequest::appendQueryValue: drop `title`, array_merge in the new value, re-encode. */
export function appendQueryValue(queryString: string, key: string, value: string): string {
  const parsed = parsePhpQuery(queryString);
  parsed.delete('title');
  const merged = newArray();
  for (const [k, v] of parsed) {
    if (typeof k !== 'string') append(merged, v);
    else setKey(merged, k, v);
  }
  setKey(merged, symtableKey(key), Buffer.from(value, 'utf8').toString('latin1'));
  return Buffer.from(arrayToCgi(merged, phpUrlencodeBytes), 'latin1').toString('utf8');
}
