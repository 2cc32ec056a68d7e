// What did MediaWiki answer to each recorded conformance case? One line per case, to review recordings.
// usage: node --import tsx scripts/conformance-report.ts [area ...]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDED_DIR } from '../test/conformance/lib/cases.ts';
import { isObject, isWalk, type RecordedArea, type RecordedResponse } from '../test/conformance/lib/exchange.ts';

function errorSummary(json: Record<string, unknown>): string | undefined {
  if (isObject(json.error)) return `ERROR ${String(json.error.code)}`;
  if (Array.isArray(json.errors)) return `ERRORS ${json.errors.map((e) => (isObject(e) ? String(e.code) : '?')).join(',')}`;
  return undefined;
}

function warningSummary(json: Record<string, unknown>): string {
  const warnings = json.warnings;
  if (Array.isArray(warnings)) return warnings.map((w) => (isObject(w) ? `${String(w.module)}:${String(w.code)}` : '?')).join(',');
  if (isObject(warnings)) {
    return Object.entries(warnings)
      .map(([module, value]) => `${module}:${short(isObject(value) ? (value['*'] ?? value.warnings) : value, 70)}`)
      .join(' ');
  }
  return '';
}

function resultSummary(json: Record<string, unknown>): string {
  const query = json.query;
  if (!isObject(query)) return '';
  return Object.entries(query)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.length : isObject(value) ? Object.keys(value).length : short(value, 20)}`)
    .join(' ');
}

function short(value: unknown, length: number): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined';
  return text.length > length ? `${text.slice(0, length - 3)}...` : text;
}

function describe(response: RecordedResponse): string {
  if (!isObject(response.json)) return `HTTP ${response.status} ${response.contentType ?? ''} text(${(response.text ?? '').length})`;
  const json = response.json;
  const parts = [`HTTP ${response.status}`, errorSummary(json) ?? resultSummary(json)];
  if ('continue' in json || 'query-continue' in json) parts.push('[continues]');
  const warnings = warningSummary(json);
  if (warnings) parts.push(`W: ${warnings}`);
  return parts.join(' ');
}

const wanted = process.argv.slice(2);
for (const file of readdirSync(RECORDED_DIR).filter((name) => name.endsWith('.json')).sort()) {
  const recorded = JSON.parse(readFileSync(join(RECORDED_DIR, file), 'utf8')) as RecordedArea;
  if (wanted.length && !wanted.includes(recorded.area)) continue;
  for (const entry of recorded.cases) {
    if (isWalk(entry)) console.log(`${recorded.area} | ${entry.case} | walk of ${entry.pages.length} pages: ${entry.pages.map(describe).join(' ; ')}`);
    else console.log(`${recorded.area} | ${entry.case} | ${describe(entry)}`);
  }
}
