// Secrets never shown: one rule for request parameters, query strings and headers, used by
// debuginfo and by the request log.

export const REDACTED = '[redacted]';

/**
 * Parameter names that carry secrets: passwords (`lgpassword`, `password`, `retype`, `pass`),
 * every kind of token (`token`, `lgtoken`, `logintoken`, `wltoken`), keys and secrets.
 * Sort keys (`cmstartsortkey`) are data, not secrets.
 */
const SECRET_PARAM = /pass|retype|token|secret|(?:^|[-_])key$|apikey|^key|session|cookie|credential|signature|otp$/i;
const NOT_SECRET_PARAM = /sortkey/i;
/** A cheap first look: a query string without these letters has nothing to hide (escaped names are decoded first). */
const MAYBE_SECRET = /pass|retype|token|secret|key|session|cookie|credential|signature|otp|%/i;

/** Headers that carry secrets (cookies, credentials, API keys) by the same rule. */
const SECRET_HEADER = /cookie|authorization|token|secret|(?:^|-)key$|apikey|api-key|password|session|credential|signature/i;

export function isSecretParam(name: string): boolean {
  return SECRET_PARAM.test(name) && !NOT_SECRET_PARAM.test(name);
}

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** A query string with the values of secret parameters replaced; everything else byte for byte. */
export function redactQueryString(qs: string): string {
  if (!MAYBE_SECRET.test(qs)) return qs;
  const parts = qs.split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    if (isSecretParam(decodeName(rawName))) parts[i] = `${rawName}=${REDACTED}`;
  }
  return parts.join('&');
}

/** A request target (path and query string) with secret parameter values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q + 1)}${redactQueryString(url.slice(q + 1))}`;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}
