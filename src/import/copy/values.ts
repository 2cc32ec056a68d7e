// SQLite's values as each server column type takes them. SQLite keeps MediaWiki's strings as
// BLOB or TEXT, whichever was bound; MySQL's binary columns take the bytes as they are, while
// PostgreSQL's TEXT columns take only UTF-8 without NUL and its TIMESTAMPTZ columns a date.
import { inflateRawSync } from 'node:zlib';
import { isReferencesProperty, textStoredPiece } from '../../wiki/cite-references.ts';
import type { ConversionLog, ServerValue } from './target.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function asBytes(value: unknown): Buffer | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  return Buffer.from(String(value), 'utf8');
}

function asNumber(value: unknown): number | bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return value;
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isNaN(number) ? null : number;
}

function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

/** Whether a MariaDB/MySQL column (information_schema DATA_TYPE) holds bytes as they are. */
export function mariaDbHoldsBytes(dataType: string): boolean {
  return /binary|blob/.test(dataType.toLowerCase());
}

/** How a MariaDB/MySQL column (information_schema DATA_TYPE) takes a SQLite value. */
export function mariaDbConverter(dataType: string): (value: unknown) => ServerValue {
  const type = dataType.toLowerCase();
  if (/int|float|double|decimal|real/.test(type)) return asNumber;
  if (mariaDbHoldsBytes(type)) return asBytes;
  return asText;
}

/** MediaWiki's 14-digit timestamps as PostgreSQL's TIMESTAMPTZ reads them; `infinity` stays. */
export function postgresTimestamp(value: unknown, log: ConversionLog, where: string): string | null {
  const text = asText(value);
  if (text === null || text === '') return null;
  if (text === 'infinity' || text === '-infinity') return text;
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (digits && digits[1] !== '0000') {
    const [, year, month, day, hour, minute, second] = digits;
    return `${year}-${month}-${day} ${hour}:${minute}:${second}+00`;
  }
  log.note(`${where}: timestamp ${JSON.stringify(text.slice(0, 20))} is no date; written as NULL`);
  return null;
}

function postgresText(value: unknown, log: ConversionLog, where: string, strict: boolean): string | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (Buffer.isBuffer(value)) {
    try {
      text = utf8.decode(value);
    } catch {
      // MediaWiki on PostgreSQL never stores such bytes in a TEXT column: the text would be lost.
      if (strict) throw new Error(`${where}: the value is not UTF-8, which PostgreSQL's TEXT column cannot hold`);
      log.note(`${where}: bytes that are not UTF-8 replaced by U+FFFD`);
      text = value.toString('utf8');
    }
  } else {
    text = String(value);
  }
  if (text.includes('\0')) {
    log.note(`${where}: NUL characters removed (PostgreSQL's TEXT cannot hold them)`);
    text = text.replaceAll('\0', '');
  }
  return text;
}

/**
 * How a PostgreSQL column (information_schema data_type) takes a SQLite value. `where` names the
 * column in messages; a page's text (text.old_text) is never changed, the copy fails instead.
 */
export function postgresConverter(dataType: string, log: ConversionLog, where: string): (value: unknown) => ServerValue {
  const type = dataType.toLowerCase();
  if (type === 'timestamp with time zone' || type === 'timestamp without time zone') {
    return (value) => postgresTimestamp(value, log, where);
  }
  if (/int|real|double|numeric/.test(type)) return asNumber;
  if (type === 'boolean') return (value) => (value === null || value === undefined ? null : Boolean(Number(asNumber(value))));
  if (type === 'bytea') return asBytes;
  if (type === 'user-defined') {
    // The media type enum: MediaWiki writes NULL where it knows no type.
    return (value) => {
      const text = asText(value);
      return text === '' ? null : text;
    };
  }
  const strict = where === 'text.old_text';
  return (value) => postgresText(value, log, where, strict);
}

/** Whether a PostgreSQL column (information_schema data_type) takes MediaWiki's strings. */
export function postgresHoldsStrings(dataType: string): boolean {
  return ['text', 'character varying', 'character', 'bytea'].includes(dataType.toLowerCase());
}

/**
 * text rows as MediaWiki on PostgreSQL holds them. Its SqlBlobStore writes old_text as a plain
 * string (not as a bytea-escaped Blob) into a TEXT column, which takes only UTF-8: deflated text
 * (old_flags gzip, $wgCompressRevisions) is refused there, so MediaWiki's PostgreSQL wikis hold text
 * uncompressed. Such rows are inflated and lose their gzip flag: the text reads the same. An
 * `external` row's old_text is the address of its text elsewhere, which is copied as it is.
 */
export function postgresTextRow(columns: readonly string[], log: ConversionLog): ((row: unknown[]) => void) | undefined {
  const [idAt, textAt, flagsAt] = ['old_id', 'old_text', 'old_flags'].map((column) => columns.indexOf(column)) as [number, number, number];
  if (textAt < 0 || flagsAt < 0) return undefined;
  return (row) => {
    const flags = (asText(row[flagsAt]) ?? '').split(',').filter((flag) => flag !== '');
    if (flags.includes('external')) return;
    const id = idAt < 0 ? '' : ` ${String(row[idAt])}`;
    let bytes = asBytes(row[textAt]);
    if (bytes === null) return;
    if (flags.includes('gzip')) {
      try {
        bytes = inflateRawSync(bytes);
      } catch (error) {
        throw new Error(`text row${id}: old_flags say gzip but old_text does not inflate (${(error as Error).message}); PostgreSQL's TEXT cannot hold it as it is`);
      }
      row[textAt] = bytes;
      row[flagsAt] = flags.filter((flag) => flag !== 'gzip').join(',');
      log.note('text.old_text: compressed text (old_flags gzip) written uncompressed, as MediaWiki on PostgreSQL stores it');
    }
    if (flags.includes('object')) {
      try {
        utf8.decode(bytes);
      } catch {
        throw new Error(`text row${id}: a serialized history blob (old_flags object) holding bytes that are not UTF-8, which PostgreSQL's TEXT cannot hold (MediaWiki cannot store it there either)`);
      }
    }
  };
}

/**
 * page_props rows as a PostgreSQL wiki keeps Cite's stored references: its `pp_value` is TEXT,
 * which cannot hold the gzip bytes of the `references-N` pieces, so each piece goes as its base64
 * (src/wiki/cite-references.ts reads either form). Every other property is copied as it is.
 */
export function postgresReferencesRow(columns: readonly string[], log: ConversionLog): ((row: unknown[]) => void) | undefined {
  const [nameAt, valueAt] = ['pp_propname', 'pp_value'].map((column) => columns.indexOf(column)) as [number, number];
  if (nameAt < 0 || valueAt < 0) return undefined;
  return (row) => {
    const bytes = asBytes(row[valueAt]);
    if (bytes === null || !isReferencesProperty(asText(row[nameAt]) ?? '')) return;
    row[valueAt] = textStoredPiece(bytes);
    log.note("page_props.pp_value: Cite's compressed references-N written in base64 (PostgreSQL's TEXT cannot hold their bytes)");
  };
}
