// How PHP writes numbers: integers as digits, floats the way json_encode/serialize (shortest
// round-trip, `serialize_precision=-1`) and string conversion (`precision=14`) print them.

/** Whether MediaWiki would have held this number as a PHP int. */
export function isPhpInt(n: number): boolean {
  return Number.isSafeInteger(n);
}

/** json_encode / serialize: ints as digits, floats shortest with an exponent beyond 17 digits. */
export function phpSerializedNumber(n: number, expChar: 'e' | 'E'): string {
  if (isPhpInt(n)) return String(n);
  return phpFloat(n, 17, true, expChar);
}

/** `(string)$number` with PHP's default `precision=14` (what XML attributes show). */
export function phpStringNumber(n: number): string {
  if (isPhpInt(n)) return String(n);
  return phpFloat(n, 14, false, 'E');
}

/** zend_gcvt: `precision` significant digits (or the shortest exact form), C-like %G layout. */
export function phpFloat(n: number, precision: number, shortest: boolean, expChar: 'e' | 'E'): string {
  if (Number.isNaN(n)) return 'NAN';
  if (!Number.isFinite(n)) return n > 0 ? 'INF' : '-INF';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const sign = n < 0 ? '-' : '';
  const [mantissa, exponent] = (shortest ? Math.abs(n).toExponential() : Math.abs(n).toExponential(precision - 1)).split('e');
  const digits = mantissa.replace('.', '').replace(/0+$/, '') || '0';
  const decpt = Number(exponent) + 1;
  if (decpt < 0 ? decpt < -3 : decpt > precision) {
    const e = decpt - 1;
    const frac = digits.length > 1 ? digits.slice(1) : '0';
    return `${sign}${digits[0]}.${frac}${expChar}${e < 0 ? '-' : '+'}${Math.abs(e)}`;
  }
  if (decpt <= 0) return `${sign}0.${'0'.repeat(-decpt)}${digits}`;
  if (digits.length <= decpt) return sign + digits + '0'.repeat(decpt - digits.length);
  return `${sign}${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
}
