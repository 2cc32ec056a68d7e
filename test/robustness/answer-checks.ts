// Is an API answer well-formed in its format, and free of server internals (stack traces, source paths)?

/** Lines and fragments that only an escaped exception would put in an answer. */
const INTERNALS: readonly RegExp[] = [
  /^\s*at (?:async )?(?:\S+ (?:\[as \S+\] )?\()?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?\s*$/m,
  /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)/,
  /\.(?:ts|mjs|cjs|js):\d+:\d+/,
  /\bnode:internal\b/,
  /\binternal_api_error_/,
  /\bSqliteError\b/,
];

/** The first sign of a server internal in the text, or null. */
export function findInternals(text: string): string | null {
  for (const pattern of INTERNALS) {
    const m = pattern.exec(text);
    if (m) return m[0];
  }
  return null;
}

export type BodyKind = 'json' | 'jsonp' | 'xml' | 'php' | 'html' | 'wrapped' | 'none';

/** What the Content-Type says the body is. */
export function bodyKindOf(contentType: string): BodyKind | null {
  const type = contentType.split(';')[0].trim().toLowerCase();
  switch (type) {
    case 'application/json':
      return 'json';
    case 'text/javascript':
      return 'jsonp';
    case 'text/xml':
      return 'xml';
    case 'application/vnd.php.serialized':
      return 'php';
    case 'text/html':
      return 'html';
    case 'text/mediawiki-api-prettyprint-wrapped':
      return 'wrapped';
    case 'text/plain':
      return 'none';
    default:
      return null;
  }
}

/** Null when the body parses as its kind; otherwise why not. JSON kinds return the parsed value too. */
export function checkBody(kind: BodyKind, body: string): { problem: string | null; json?: unknown } {
  switch (kind) {
    case 'json':
    case 'wrapped':
      return parseJson(body);
    case 'jsonp': {
      const m = /^\/\*\*\/[\][.\w$]*\(([\s\S]*)\)$/.exec(body);
      return m ? parseJson(m[1]) : { problem: 'JSONP body is not /**/callback(...)' };
    }
    case 'xml':
      return { problem: xmlProblem(body) };
    case 'php':
      return { problem: phpSerializedProblem(body) };
    case 'html':
      return { problem: /<html[\s>]/i.test(body) || /^<!DOCTYPE html>/i.test(body) || body.startsWith("'origin'") ? null : 'HTML page without <html>' };
    case 'none':
      return { problem: null };
  }
}

function parseJson(text: string): { problem: string | null; json?: unknown } {
  try {
    return { problem: null, json: JSON.parse(text) };
  } catch (e) {
    return { problem: `body is not JSON: ${(e as Error).message}` };
  }
}

/** Tag balance and character rules of XML 1.0 (enough to catch a truncated or raw-text answer). */
export function xmlProblem(body: string): string | null {
  if (!body.startsWith('<?xml version="1.0"?>')) return 'no XML declaration';
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/.test(body)) return 'character not allowed in XML';
  const token = /<\?[^?]*\?>|<!--[\s\S]*?-->|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  const open: string[] = [];
  let at = 0;
  while (at < body.length) {
    const lt = body.indexOf('<', at);
    const text = body.slice(at, lt < 0 ? body.length : lt);
    if (/&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/.test(text)) return `bare & in text near ${JSON.stringify(text.slice(0, 40))}`;
    if (lt < 0) break;
    token.lastIndex = lt;
    const m = token.exec(body);
    if (!m) return `malformed markup near ${JSON.stringify(body.slice(lt, lt + 60))}`;
    if (m[2] && m[1]) {
      if (open.pop() !== m[2]) return `unbalanced </${m[2]}>`;
    } else if (m[2] && !m[4]) {
      open.push(m[2]);
    }
    at = token.lastIndex;
  }
  return open.length ? `unclosed <${open[open.length - 1]}>` : null;
}

/** PHP serialize() syntax, string lengths counted in UTF-8 bytes. */
export function phpSerializedProblem(body: string): string | null {
  const bytes = Buffer.from(body, 'utf8');
  try {
    const end = readPhpValue(bytes, 0);
    return end === bytes.length ? null : `trailing data at byte ${end}`;
  } catch (e) {
    return `not PHP serialized: ${(e as Error).message}`;
  }
}

function readPhpValue(b: Buffer, at: number): number {
  const type = String.fromCharCode(b[at]);
  if (type === 'N') return expect(b, at + 1, ';');
  if (type === 'b' || type === 'i' || type === 'd') {
    const m = /^:(-?[\d.E+-]+|INF|-INF|NAN);/.exec(b.subarray(at + 1, at + 40).toString('latin1'));
    if (!m) throw new Error(`bad ${type} at byte ${at}`);
    return at + 1 + m[0].length;
  }
  if (type === 's') {
    const m = /^:(\d+):"/.exec(b.subarray(at + 1, at + 20).toString('latin1'));
    if (!m) throw new Error(`bad string header at byte ${at}`);
    const start = at + 1 + m[0].length;
    return expect(b, expect(b, start + Number(m[1]), '"'), ';');
  }
  if (type === 'a') {
    const m = /^:(\d+):\{/.exec(b.subarray(at + 1, at + 20).toString('latin1'));
    if (!m) throw new Error(`bad array header at byte ${at}`);
    let pos = at + 1 + m[0].length;
    for (let i = 0; i < Number(m[1]) * 2; i++) pos = readPhpValue(b, pos);
    return expect(b, pos, '}');
  }
  throw new Error(`unknown type ${JSON.stringify(type)} at byte ${at}`);
}

function expect(b: Buffer, at: number, ch: string): number {
  if (String.fromCharCode(b[at]) !== ch) throw new Error(`expected ${ch} at byte ${at}`);
  return at + 1;
}
