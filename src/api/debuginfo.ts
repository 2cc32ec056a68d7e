// The `debuginfo` block (when the site's debug switch is on): versions, timing, request, memory.
import type { ApiRequest } from './request.ts';
import type { ResultObject } from './result.ts';
import type { ApiServices } from './services.ts';
import { list } from './result.ts';
import { isSecretHeader, isSecretParam, redactUrl, REDACTED } from './redact.ts';

function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(2)} ${units[i]}`;
}

export function debugInfo(services: ApiServices, request: ApiRequest, started: bigint): ResultObject {
  const headers: ResultObject = {};
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined) continue;
    headers[k] = isSecretHeader(k) ? REDACTED : v;
  }
  const params: ResultObject = {};
  for (const [k, v] of request.entries()) params[k] = isSecretParam(k) ? REDACTED : v;
  const mem = process.memoryUsage();
  return {
    mwVersion: services.site.generator.replace(/^MediaWiki /, ''),
    phpEngine: 'node',
    phpVersion: process.versions.node,
    gitRevision: false,
    gitBranch: false,
    gitViewUrl: false,
    time: Number(process.hrtime.bigint() - started) / 1e9,
    log: list('msg', []),
    debugLog: list('msg', []),
    queries: list('query', []),
    request: { method: request.method, url: redactUrl(request.url), headers, params },
    memory: formatBytes(mem.heapUsed),
    memoryPeak: formatBytes(mem.rss),
    includes: list('include', []),
  };
}
