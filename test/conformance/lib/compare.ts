// Where two normalised API answers differ, as readable `path: ours=... ref=...` lines.
import { isObject } from './exchange.ts';

const MAX_DIFFS = 200;

export function differences(ours: unknown, ref: unknown, path = ''): string[] {
  const out: string[] = [];
  walk(ours, ref, path, out);
  return out;
}

function walk(ours: unknown, ref: unknown, path: string, out: string[]): void {
  if (out.length >= MAX_DIFFS || Object.is(ours, ref)) return;
  if (typeof ours === 'string' && typeof ref === 'string') {
    out.push(describeStringDifference(ours, ref, path));
    return;
  }
  if (Array.isArray(ours) && Array.isArray(ref)) {
    if (ours.length !== ref.length) out.push(`${label(path)}: length ours=${ours.length} ref=${ref.length}`);
    for (let i = 0; i < Math.min(ours.length, ref.length); i++) walk(ours[i], ref[i], `${path}[${i}]`, out);
    return;
  }
  if (isObject(ours) && isObject(ref)) {
    for (const key of new Set([...Object.keys(ref), ...Object.keys(ours)])) {
      const child = path ? `${path}.${key}` : key;
      if (!(key in ours)) out.push(`${child}: missing in ours (ref=${short(ref[key])})`);
      else if (!(key in ref)) out.push(`${child}: extra in ours (ours=${short(ours[key])})`);
      else walk(ours[key], ref[key], child, out);
    }
    return;
  }
  out.push(`${label(path)}: ours=${short(ours)} ref=${short(ref)}`);
}

function label(path: string): string {
  return path || '(root)';
}

/** Long texts (HTML, wikitext) are shown around their first difference, not whole. */
function describeStringDifference(ours: string, ref: string, path: string): string {
  if (ours.length <= 100 && ref.length <= 100) return `${label(path)}: ours=${short(ours)} ref=${short(ref)}`;
  let at = 0;
  while (at < ours.length && at < ref.length && ours[at] === ref[at]) at++;
  const from = Math.max(0, at - 40);
  const excerpt = (text: string): string => JSON.stringify(text.slice(from, at + 60));
  return `${label(path)}: texts differ at character ${at} (lengths ours=${ours.length} ref=${ref.length}): ours=${excerpt(ours)} ref=${excerpt(ref)}`;
}

export function short(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
