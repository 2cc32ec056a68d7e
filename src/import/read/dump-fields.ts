// A dump field's text as the reader keeps it, and its reading as integers, ids and timestamps.

/**
 * A field's text; a number stands for text that is a plain decimal integer (no sign, no leading
 * zero, 15 digits at most), read from the bytes without making a string that would be parsed.
 */
export type FieldValue = string | number;

/** bytes[start, end) as a plain decimal integer (see FieldValue), or -1 when it is anything else. */
export function plainInteger(bytes: Buffer, start: number, end: number): number {
  if (end - start > 15 || end === start || (bytes[start] === 0x30 && end - start > 1)) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - 0x30;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** A field's string (only Integer fields hold numbers, but the type does not tell the fields apart). */
export function textField(value: FieldValue | undefined): string | undefined {
  return typeof value === 'number' ? String(value) : value;
}

export function parseInteger(value: FieldValue): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (!/^-?[0-9]+$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

export function parseId(value: FieldValue): number | undefined {
  const n = parseInteger(value);
  return n !== undefined && n > 0 && Number.isSafeInteger(n) ? n : undefined;
}

const DUMP_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export function isDumpTimestamp(value: string): boolean {
  return DUMP_TIMESTAMP.test(value);
}

/** `2013-03-22T09:37:03Z` -> `20130322093703` (MediaWiki's TS_MW). */
export function dumpTimestampToMw(value: string): string {
  return (
    value.slice(0, 4) + value.slice(5, 7) + value.slice(8, 10) + value.slice(11, 13) + value.slice(14, 16) + value.slice(17, 19)
  );
}
