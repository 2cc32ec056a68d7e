// Single owner of `continue`: which modules still run on a continued request, and the
// `continue` object and `batchcomplete` flag of the answer (MediaWiki's continuation protocol).
import { randomBytes } from 'node:crypto';
import { ApiError } from '../errors.ts';
import { msg } from '../i18n/messages.ts';
import type { ApiRequest } from '../request.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { nowMw, parseTimestamp } from '../../wiki/timestamps.ts';

export type ContinueValue = string | number | readonly (string | number)[];

/** Lists are joined with `|`; a single number stays a number, as MediaWiki sends it. */
function encode(value: ContinueValue): string | number {
  if (Array.isArray(value)) return value.join('|');
  return typeof value === 'number' ? value : String(value);
}

export class Continuation {
  /** Module name -> still active (false: finished in an earlier batch, skipped now). */
  private readonly active = new Map<string, boolean>();
  private readonly dependsOnPageset: Set<string>;
  /** Continue values of modules, by module, in the order they were set. */
  private readonly moduleData = new Map<string, Map<string, string | number>>();
  private readonly generatorData = new Map<string, string | number>();
  /** Generator parameters of this batch, copied back when prop modules are unfinished. */
  private readonly generatorParams = new Map<string, string>();
  /** Where the generator's batch started, sent back with those when prop modules are unfinished. */
  private readonly generatorPosition = new Map<string, string | number>();
  readonly generatorDone: boolean;

  /**
   * @param moduleNames every module of the request (list, prop, meta), generator excluded
   * @param pageModules the prop modules (they work on the page set, so they restart with each generator batch)
   */
  constructor(request: ApiRequest, moduleNames: readonly string[], pageModules: readonly string[]) {
    this.dependsOnPageset = new Set(pageModules);
    const raw = request.get('continue') ?? '';
    let skip = new Set<string>();
    let generatorDone = false;
    if (raw !== '') {
      const parts = raw.split('||');
      // ApiContinuationManager raises it through the main module (errorformat shows module=main).
      if (parts.length !== 2) throw new ApiError(msg('apierror-badcontinue'), { code: 'badcontinue', modulePath: 'main' });
      generatorDone = parts[0] === '-';
      skip = new Set(parts[1] === '' ? [] : parts[1].split('|'));
      if (generatorDone) {
        for (const m of pageModules) skip.add(m);
      } else if (parts[0] !== '') {
        for (const name of parts[0].split('|')) {
          const v = request.peek(name);
          if (v !== undefined) this.generatorParams.set(name, v);
        }
      }
    }
    this.generatorDone = generatorDone;
    for (const name of moduleNames) this.active.set(name, !skip.has(name));
  }

  isActive(moduleName: string): boolean {
    return this.active.get(moduleName) === true;
  }

  /** `fullParamName` already carries the module's prefix. */
  addContinue(moduleName: string, fullParamName: string, value: ContinueValue): void {
    let data = this.moduleData.get(moduleName);
    if (!data) this.moduleData.set(moduleName, (data = new Map()));
    data.set(fullParamName, encode(value));
  }

  addGeneratorContinue(fullParamName: string, value: ContinueValue): void {
    this.generatorData.set(fullParamName, encode(value));
  }

  /**
   * A generator whose data may change between requests (recent changes) names where its batch
   * started, so that the batch read again for unfinished prop modules is the same one
   * (ApiContinuationManager's generator non-continuation parameters).
   */
  addGeneratorPosition(fullParamName: string, value: ContinueValue): void {
    this.generatorPosition.set(fullParamName, encode(value));
  }

  hasContinue(moduleName: string): boolean {
    return this.moduleData.has(moduleName);
  }

  /** The `continue` object (empty when done) and whether the batch is complete. */
  result(): { data: [string, string | number][]; batchComplete: boolean } {
    const data = new Map<string, string | number>();
    const finished = [...this.active.keys()].filter((m) => !this.moduleData.has(m));
    let batchComplete = false;
    let generatorKeys: string;

    for (const [module, kv] of this.moduleData) if (!this.dependsOnPageset.has(module)) for (const [k, v] of kv) if (!data.has(k)) data.set(k, v);

    const unfinishedPageModules = [...this.moduleData.keys()].filter((m) => this.dependsOnPageset.has(m));
    let finishedNow = finished;
    if (unfinishedPageModules.length) {
      for (const m of unfinishedPageModules) for (const [k, v] of this.moduleData.get(m)!) if (!data.has(k)) data.set(k, v);
      const batchStart = new Map<string, string | number>(this.generatorParams);
      for (const [k, v] of this.generatorPosition) if (!batchStart.has(k)) batchStart.set(k, v);
      for (const [k, v] of batchStart) if (!data.has(k)) data.set(k, v);
      generatorKeys = [...batchStart.keys()].join('|');
    } else if (this.generatorData.size) {
      for (const [k, v] of this.generatorData) if (!data.has(k)) data.set(k, v);
      finishedNow = finished.filter((m) => !this.dependsOnPageset.has(m));
      generatorKeys = [...this.generatorData.keys()].join('|');
      batchComplete = true;
    } else {
      generatorKeys = '-';
      batchComplete = true;
    }
    if (data.size || generatorKeys !== '-') data.set('continue', `${generatorKeys}||${finishedNow.join('|')}`);
    return { data: [...data.entries()], batchComplete };
  }

  /** rawcontinue: `query-continue` grouped by module, the generator's under its own name. */
  rawResult(generatorName: string | null): [string, [string, string | number][]][] {
    const out: [string, [string, string | number][]][] = [];
    for (const [module, kv] of this.moduleData) out.push([module, [...kv.entries()]]);
    if (generatorName && this.generatorData.size) {
      const existing = out.find(([m]) => m === generatorName);
      if (existing) existing[1].push(...this.generatorData.entries());
      else out.push([generatorName, [...this.generatorData.entries()]]);
    }
    return out;
  }
}

/**
 * The timestamp of a continuation value as ConvertibleTimestamp reads it: empty or "0" is now, any
 * form it knows is taken, anything else is the exception MediaWiki lets through to its handler.
 */
export function continuationTimestamp(text: string): string {
  if (text === '' || text === '0') return nowMw();
  const ts = parseTimestamp(text);
  if (ts !== null) return ts;
  const type = 'Wikimedia\\Timestamp\\TimestampException';
  throw new ApiError(
    msg('apierror-exceptioncaught', randomBytes(12).toString('hex'), `Wikimedia\\Timestamp\\ConvertibleTimestamp::setTimestamp: Invalid timestamp - ${text}`),
    { code: `internal_api_error_${type}`, data: { errorclass: type } },
  );
}

/**
 * A `timestamp|id` continuation value (logevents, recentchanges, blocks ...): the timestamp as
 * continuationTimestamp reads it, the id as PHP's (int) when it is exactly that number's text;
 * anything else calls `fail` (the module's badcontinue).
 */
export function timestampIdContinuation(value: string | undefined, fail: () => never): { timestamp: string; id: number } | null {
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== 2) fail();
  const timestamp = continuationTimestamp(parts[0]!);
  if (!phpIntEqualsText(parts[1]!)) fail();
  return { timestamp, id: phpInt(parts[1]!) };
}
