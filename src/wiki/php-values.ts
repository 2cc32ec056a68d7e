// PHP's string-to-integer conversions as MediaWiki applies them to request text (continuation
// values above all), with PHP 8's rules: MediaWiki 1.39 runs on PHP 7.4 to 8.x, and since 7.1
// `(int)"1e3"` is 1000, not 1.

const WHITESPACE = '[ \\t\\n\\r\\v\\f]*';
/** PHP's numeric-string grammar: decimal digits with an optional fraction and exponent. */
const NUMBER = '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?';
const LEADING_NUMBER = new RegExp(`^${WHITESPACE}(${NUMBER})`);
const NUMERIC_STRING = new RegExp(`^${WHITESPACE}${NUMBER}${WHITESPACE}$`);

/** PHP_INT_MAX; (int) of a larger number stops there (as near as a JS number gets). */
const INT_MAX = 9223372036854775807;

/**
 * `(int)$text` and `intval($text)`: the number the text starts with (after whitespace; fraction
 * and exponent count, then truncated toward zero), capped at PHP's integer range; 0 when it
 * does not start with one. `(int)"1e3"` is 1000, `(int)"12abc"` 12, `(int)"0x1A"` 0.
 */
export function phpInt(text: string): number {
  const match = LEADING_NUMBER.exec(text);
  if (!match) return 0;
  const value = Math.trunc(Number(match[1]));
  return Math.max(-INT_MAX - 1, Math.min(INT_MAX, value));
}

/**
 * `(int)$text == $text` (PHP 8's loose comparison): true for a numeric string (surrounding
 * whitespace allowed) whose value is a whole number in PHP's integer range, such as `12`,
 * ` 12`, `1e3` or `5.0`; false for `1.5`, `12abc` or an empty string.
 */
export function phpIntEqualsText(text: string): boolean {
  return NUMERIC_STRING.test(text) && phpInt(text) === Number(text);
}

const PHP_TRIM_RE = /^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g;

/** PHP's trim(): spaces, tabs, line breaks, NUL and vertical tabs off both ends, no other white space. */
export function phpTrim(text: string): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return first > 32 && last > 32 ? text : text.replace(PHP_TRIM_RE, '');
}
