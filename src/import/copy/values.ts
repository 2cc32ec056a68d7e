// SQLite's values as each server column type takes them. SQLite keeps MediaWiki's strings as
// BLOB or TEXT, whichever was bound; MySQL's binary columns take the bytes as they are, while
// PostgreSQL's TEXT columns take only UTF-8 without NUL and its TIMESTAMPTZ columns a date.
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

/** How a MariaDB/MySQL column (information_schema DATA_TYPE) takes a SQLite value. */
export function mariaDbConverter(dataType: string): (value: unknown) => ServerValue {
  const type = dataType.toLowerCase();
  if (/int|float|double|decimal|real/.test(type)) return asNumber;
  if (/binary|blob/.test(type)) return asBytes;
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
