// A file's metadata as MediaWiki 1.39 keeps it in img_metadata (JSON `{"data": ...}`, or the older
// PHP serialization) and the views the API derives from it: the handler's metadata array,
// its version-1 form for EXIF, the common metadata, and the length of animations.

/** PHP's values as metadata holds them; arrays keep their key order and integer keys. */
export type PhpValue = null | boolean | number | PhpFloat | string | PhpArray;
export type PhpArray = Map<string | number, PhpValue>;

/** A number PHP holds as a float (`1.5`, or `2.0` from JSON's `2.0`). */
export class PhpFloat {
  constructor(readonly value: number) {}
}

export function numberOf(value: PhpValue | undefined): number | null {
  if (typeof value === 'number') return value;
  if (value instanceof PhpFloat) return value.value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

/** PHP array keys: decimal integer strings become integers. */
function phpKey(key: string): string | number {
  if (/^(0|-?[1-9]\d*)$/.test(key)) {
    const n = Number(key);
    if (Number.isSafeInteger(n)) return n;
  }
  return key;
}

/** json_decode(…, true): objects and lists become ordered arrays, numbers with a point or exponent floats. */
export function decodeJsonPhp(text: string): PhpValue {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw new SyntaxError('bad JSON');
  };
  const value = (): PhpValue => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const out: PhpArray = new Map();
      ws();
      if (text[i] === '}') {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = value();
        if (typeof key !== 'string') fail();
        ws();
        if (text[i++] !== ':') fail();
        out.set(phpKey(key as string), value());
        ws();
        const sep = text[i++];
        if (sep === '}') return out;
        if (sep !== ',') fail();
      }
    }
    if (c === '[') {
      i++;
      const out: PhpArray = new Map();
      ws();
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (let n = 0; ; n++) {
        out.set(n, value());
        ws();
        const sep = text[i++];
        if (sep === ']') return out;
        if (sep !== ',') fail();
      }
    }
    if (c === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i)) as string;
    }
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!m) return fail();
    i += m[0].length;
    if (m[0] === 'true') return true;
    if (m[0] === 'false') return false;
    if (m[0] === 'null') return null;
    const n = Number(m[0]);
    return /[.eE]/.test(m[0]) || !Number.isSafeInteger(n) ? new PhpFloat(n) : n;
  };
  const out = value();
  ws();
  if (i !== text.length) fail();
  return out;
}

/** unserialize() of the values metadata holds (no objects); throws on anything else. */
export function unserializePhp(text: string): PhpValue {
  const bytes = Buffer.from(text, 'utf8');
  let i = 0;
  const fail = (): never => {
    throw new SyntaxError('bad serialization');
  };
  const readUntil = (end: string): string => {
    const stop = bytes.indexOf(end, i);
    if (stop < 0) fail();
    const s = bytes.subarray(i, stop).toString('latin1');
    i = stop + 1;
    return s;
  };
  const value = (): PhpValue => {
    const type = String.fromCharCode(bytes[i]!);
    if (type === 'N') {
      if (bytes[i + 1] !== 0x3b) fail();
      i += 2;
      return null;
    }
    if (bytes[i + 1] !== 0x3a) fail();
    i += 2;
    switch (type) {
      case 'b':
        return readUntil(';') === '1';
      case 'i':
        return Number(readUntil(';'));
      case 'd': {
        const s = readUntil(';');
        return new PhpFloat(s === 'INF' ? Infinity : s === '-INF' ? -Infinity : s === 'NAN' ? NaN : Number(s));
      }
      case 's': {
        const length = Number(readUntil(':'));
        if (bytes[i] !== 0x22) fail();
        const s = bytes.subarray(i + 1, i + 1 + length).toString('utf8');
        i += length + 1;
        if (bytes[i] !== 0x22 || bytes[i + 1] !== 0x3b) fail();
        i += 2;
        return s;
      }
      case 'a': {
        const count = Number(readUntil(':'));
        if (bytes[i] !== 0x7b) fail();
        i++;
        const out: PhpArray = new Map();
        for (let n = 0; n < count; n++) {
          const key = value();
          if (typeof key !== 'number' && typeof key !== 'string') fail();
          out.set(key as string | number, value());
        }
        if (bytes[i] !== 0x7d) fail();
        i++;
        return out;
      }
      default:
        return fail();
    }
  };
  const out = value();
  if (i !== bytes.length) fail();
  return out;
}

/**
 * LocalFile's reading of img_metadata: JSON with the handler's array under `data` (and large items
 * under `blobs`, kept in the text table: their texts, by address, are `blobTexts`), or an older PHP
 * serialization; what cannot be read becomes `_error` as MediaWiki has it.
 */
export function decodeStoredMetadata(stored: string, blobTexts?: ReadonlyMap<string, string>): { data: PhpArray; blobs: Map<string, string> } {
  const decoded = decodeEnvelope(stored);
  if (blobTexts && decoded.blobs.size) {
    // Items kept apart join the array after the others, each decoded from its JSON text.
    const data: PhpArray = new Map(decoded.data);
    for (const [name, address] of decoded.blobs) {
      const text = blobTexts.get(address);
      if (text === undefined) continue;
      try {
        data.set(phpKey(name), decodeJsonPhp(text));
      } catch {
        // MediaWiki's json_decode gives null for text that is not JSON.
        data.set(phpKey(name), null);
      }
    }
    return { data, blobs: decoded.blobs };
  }
  return decoded;
}

/** The addresses (`tt:N`) of the metadata items kept apart from img_metadata. */
export function metadataBlobAddresses(stored: string): string[] {
  return [...decodeEnvelope(stored).blobs.values()];
}

function decodeEnvelope(stored: string): { data: PhpArray; blobs: Map<string, string> } {
  if (stored === '') return { data: new Map(), blobs: new Map() };
  if (stored.startsWith('{')) {
    try {
      const decoded = decodeJsonPhp(stored);
      // An empty envelope is as false to PHP, and kept as an error too.
      if (decoded instanceof Map && decoded.size) {
        const data = decoded.get('data');
        const blobs = decoded.get('blobs');
        const addresses = new Map<string, string>();
        if (blobs instanceof Map) for (const [k, v] of blobs) if (typeof v === 'string') addresses.set(String(k), v);
        return { data: data instanceof Map ? data : new Map(), blobs: addresses };
      }
    } catch {
      // MediaWiki logs the error and keeps the text.
    }
    return { data: new Map([['_error', stored]]), blobs: new Map() };
  }
  try {
    const value = unserializePhp(stored);
    if (value instanceof Map) return { data: value, blobs: new Map() };
  } catch {
    // as above
  }
  return { data: new Map([['_error', stored]]), blobs: new Map() };
}

const EXIF_MIMES = new Set(['image/jpeg', 'image/tiff']);

/**
 * ExifBitmapHandler::convertMetadataVersion: version 1 of EXIF metadata (what iimetadataversion=1
 * asks for) flattens the arrays of version 2.
 */
export function convertMetadataVersion(metadata: PhpArray, mime: string, version: string): PhpArray {
  if (!EXIF_MIMES.has(mime)) return metadata;
  const wanted = Number.parseInt(version.split(';', 1)[0]!.trim(), 10) || 0;
  if (wanted < 1 || wanted >= 2) return metadata;
  if (numberOf(metadata.get('MEDIAWIKI_EXIF_VERSION')) !== 2) return metadata;
  const out: PhpArray = new Map();
  for (const [key, value] of metadata) out.set(key, value instanceof Map ? flattenForVersion1(value) : value);
  out.set('MEDIAWIKI_EXIF_VERSION', 1);
  return out;
}

/** FormatMetadata::flattenArrayReal without HTML: one value as itself, several joined. */
function flattenForVersion1(values: PhpArray): PhpValue {
  const items = [...values].filter(([key]) => key !== '_type').map(([, v]) => (v instanceof Map ? flattenForVersion1(v) : v));
  if (items.length === 0) return '';
  if (items.length === 1) return items[0]!;
  return items.map((v) => (v instanceof PhpFloat ? String(v.value) : String(v))).join(', ');
}

/** The handler's getCommonMetaArray. */
export function commonMetadata(metadata: PhpArray, mime: string): PhpArray {
  if (metadata.has('_error')) return new Map();
  if (mime === 'image/svg+xml') {
    const out: PhpArray = new Map();
    if (metadata.has('error')) return out;
    if (metadata.has('title')) out.set('ObjectName', metadata.get('title')!);
    if (metadata.has('description')) out.set('ImageDescription', metadata.get('description')!);
    return out;
  }
  if (EXIF_MIMES.has(mime)) {
    const out = new Map(metadata);
    out.delete('MEDIAWIKI_EXIF_VERSION');
    return out;
  }
  if (mime === 'image/png' || mime === 'image/gif') {
    const inner = metadata.get('metadata');
    if (!(inner instanceof Map)) return new Map();
    const out = new Map(inner);
    out.delete(mime === 'image/png' ? '_MW_PNG_VERSION' : '_MW_GIF_VERSION');
    return out;
  }
  return new Map();
}

/** The handler's getLength: seconds of an animation (GIF, PNG), 0 otherwise. */
export function mediaLength(metadata: PhpArray, mime: string): number {
  if (mime !== 'image/gif' && mime !== 'image/png') return 0;
  return numberOf(metadata.get('duration')) ?? 0;
}
