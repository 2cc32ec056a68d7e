// MediaWiki's cleanup of request input: bytes to text, control characters, NFC.

/** C0 controls (but tab, LF, CR) and the non-characters U+FFFE/U+FFFF become U+FFFD. */
const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
const PLAIN_TEXT = /^[\t\n\r\x20-\x7e]*$/;

/**
 * Control characters become U+FFFD and text is NFC-normalised, except that a value starting with
 * U+001F keeps U+001F as its multi-value separator.
 */
export function cleanUpInput(value: string): string {
  // Printable ASCII (and tab, LF, CR) has nothing to replace and is already NFC.
  if (PLAIN_TEXT.test(value)) return value;
  if (value.charCodeAt(0) === 0x1f) {
    return value.split('\x1f').map((part) => part.replace(CONTROL_CHARS, '\ufffd').normalize('NFC')).join('\x1f');
  }
  return value.replace(CONTROL_CHARS, '\ufffd').normalize('NFC');
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');
const windows1252 = new TextDecoder('windows-1252');

/**
 * Bytes to text. Invalid UTF-8 is read as the wiki's legacy 8-bit encoding (windows-1252) for GET
 * values, as MediaWiki's checkTitleEncoding does, and with U+FFFD elsewhere.
 */
export function decodeBytes(bytes: Uint8Array, legacyEncoding: boolean): { text: string; invalidBytes?: Uint8Array } {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    return { text: legacyEncoding ? windows1252.decode(bytes) : lenientUtf8.decode(bytes), invalidBytes: bytes };
  }
}

/**
 * For a multi-valued parameter whose raw bytes needed cleanup: cleaned value -> raw bytes of
 * that value, for the values that changed (the page set reports them as `fromencoded`).
 */
export function changedMultiValues(rawLatin1: string, legacyEncoding: boolean): Map<string, Uint8Array> {
  const bytes = Buffer.from(rawLatin1, 'latin1');
  const parts: Buffer[] = [];
  const separator = bytes[0] === 0x1f ? 0x1f : 0x7c;
  let start = bytes[0] === 0x1f ? 1 : 0;
  for (let i = start; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === separator) {
      parts.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  const out = new Map<string, Uint8Array>();
  for (const part of parts) {
    const clean = cleanUpInput(decodeBytes(part, legacyEncoding).text);
    if (!Buffer.from(clean, 'utf8').equals(part)) out.set(clean, part);
  }
  return out;
}
