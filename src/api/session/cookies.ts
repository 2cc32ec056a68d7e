// Cookies as MediaWiki's WebResponse writes them, and a request's Cookie header read as PHP does.

/** $wgCookiePrefix from the wiki id ($wgDBname, `-$wgDBprefix` when there is one), as MediaWiki derives it. */
export function cookiePrefixOf(dbName: string, tablePrefix = ''): string {
  const id = tablePrefix ? `${dbName}-${tablePrefix}` : dbName;
  return id.replace(/[ =,; +."'\\[]/g, '_');
}

/** The request's cookies by name: the first of a repeated name wins, values percent-decoded (PHP's $_COOKIE). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(equals + 1).trim();
    try {
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      // kept as sent
    }
    cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds it lasts; absent for a cookie that ends with the browser session. */
  maxAgeSeconds?: number;
  secure?: boolean;
  /** Whether scripts in the page may not read it (true unless told). */
  httpOnly?: boolean;
}

/** `name=value; expires=...; Max-Age=...; path=/; HttpOnly`, as PHP's setcookie() writes it. */
export function setCookieHeader(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${phpUrlencode(value)}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`expires=${httpDate(Date.now() + options.maxAgeSeconds * 1000)}`, `Max-Age=${options.maxAgeSeconds}`);
  }
  parts.push('path=/');
  if (options.secure) parts.push('secure');
  if (options.httpOnly !== false) parts.push('HttpOnly');
  return parts.join('; ');
}

/** What PHP writes to remove a cookie. */
export function deleteCookieHeader(name: string, options: { secure?: boolean; httpOnly?: boolean } = {}): string {
  const flags = [...(options.secure ? ['secure'] : []), ...(options.httpOnly !== false ? ['HttpOnly'] : [])];
  return [`${name}=deleted`, 'expires=Thu, 01 Jan 1970 00:00:01 GMT', 'Max-Age=0', 'path=/', ...flags].join('; ');
}

/** `Sat, 26 Dec 2026 01:25:22 GMT` */
function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** PHP's urlencode, which setcookie() applies to values: only letters, digits and `-_.` stay. */
function phpUrlencode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replace(/%20/g, '+');
}
