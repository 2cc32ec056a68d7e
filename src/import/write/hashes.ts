// The hashes MediaWiki stores beside what it writes: SlotRecord::base36Sha1 and CommentStore::hash.
// A module of their own: the import's read worker hashes texts without loading the writer.

import { hash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** SlotRecord::base36Sha1: the SHA-1 in base 36, zero-padded to 31 digits. */
export const sha1Base36 = ((): ((text: string | Buffer) => string) => {
  // The importer hashes every revision: the digest's 160 bits are turned into base 36 with number
  // arithmetic, four digits at a time, rather than through a hex string and a BigInt.
  const DIGITS = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz', 'latin1');
  const FOUR_DIGITS = 36 ** 4;
  const WORD = 2 ** 32;
  const digits = Buffer.alloc(32);
  const words = new Float64Array(5);
  return function sha1Base36(text: string | Buffer): string {
    // The one-shot hash: no Hash object per text. Its bytes as five 32-bit words, highest first.
    const d = hash('sha1', text, 'binary');
    for (let i = 0; i < 5; i++) {
      const b = i * 4;
      words[i] = ((d.charCodeAt(b) << 24) | (d.charCodeAt(b + 1) << 16) | (d.charCodeAt(b + 2) << 8) | d.charCodeAt(b + 3)) >>> 0;
    }
    // Long division by 36^4, word by word: a remainder times 2^32 plus a word stays below 2^53,
    // exact in a double. Eight rounds give 32 digits, the first always 0 (36^31 > 2^160).
    for (let at = 31; at > 0; at -= 4) {
      let r = 0;
      for (let i = 0; i < 5; i++) {
        const x = r * WORD + words[i]!;
        const q = Math.floor(x / FOUR_DIGITS);
        r = x - q * FOUR_DIGITS;
        words[i] = q;
      }
      let n = r | 0;
      for (let i = 0; i < 3; i++) {
        const m = (n / 36) | 0;
        digits[at - i] = DIGITS[n - m * 36]!;
        n = m;
      }
      digits[at - 3] = DIGITS[n]!;
    }
    return digits.toString('latin1', 1, 32);
  };
})();

/** CommentStore::hash for a comment without data: CRC-32 of the text as a signed 32-bit integer. */
export function commentHash(text: string): number {
  return crc32(text) | 0;
}
