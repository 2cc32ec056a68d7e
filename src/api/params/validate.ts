// Reads a module's parameters from the request through its declaration: types, multi values,
// limits, defaults, deprecations; errors and warnings exactly as MediaWiki gives them.
import { ApiError, type WarningLog } from '../errors.ts';
import { msg, type MessageParam } from '../i18n/messages.ts';
import type { ApiRequest } from '../request.ts';
import { parseTimestamp, nowMw } from '../../wiki/timestamps.ts';
import { LIMIT_BOUNDS, MULTI_LIMITS, type ModuleDecl, type ParamDecl, type SiteEnum } from './declaration.ts';

export type ParamValue = string | number | boolean | readonly string[] | readonly number[] | undefined;
export type ParamValues = Readonly<Record<string, ParamValue>>;

export type UserCheck = (value: string, subtypes: readonly string[]) => string | null;

export interface ParamContext {
  request: ApiRequest;
  warnings: WarningLog;
  /** Caller has apihighlimits: multi limit 500 and limit maximum 5000. */
  highLimits: boolean;
  resolveEnum(source: SiteEnum): readonly string[];
  /** Namespace ids the wiki knows (non-negative ones), in order. */
  namespaceIds: readonly number[];
  /** Normalised user name, or null when the value is not a valid user of the allowed subtypes. */
  normalizeUser: UserCheck;
  /** `limit=max` was resolved to this value (MediaWiki reports it under `limits`). */
  onMaxLimit(moduleName: string, value: number): void;
  /** Deprecation warnings carry a `feature` and trigger MediaWiki's one-time mailing list note. */
  deprecation(modulePath: string, key: string, params: MessageParam[], feature: string): void;
  /** `action=query&list=random` style prefix for deprecation features. */
  featurePrefix(modulePath: string): string;
}

/**
 * A deprecated value warns when used, except a deprecated submodule (list=deletedrevs): MediaWiki
 * lists those as deprecated values in paraminfo and help only.
 */
function warnsOfDeprecatedValue(decl: ParamDecl, value: string): boolean {
  return decl.type !== 'submodule' && decl.deprecatedValues?.includes(value) === true;
}

export function enumValues(decl: ParamDecl, ctx: ParamContext): readonly string[] | null {
  const t = decl.type;
  if (Array.isArray(t)) return t as readonly string[];
  if (typeof t === 'object' && t !== null && 'fromSite' in t) return ctx.resolveEnum(t as SiteEnum);
  // The page set's `generator` is checked by the query module itself (badgenerator errors).
  if (t === 'submodule' && decl.submoduleParamPrefix) return null;
  if (t === 'submodule') return submoduleNames(decl);
  if (t === 'namespace') return namespaceValues(decl, ctx.namespaceIds);
  return null;
}

// Declarations and the wiki's namespaces do not change while serving, so the value lists derived
// from them are built on first use rather than on every request.
const submoduleNamesCache = new WeakMap<ParamDecl, readonly string[]>();
const namespaceValuesCache = new WeakMap<readonly number[], WeakMap<ParamDecl, readonly string[]>>();

function submoduleNames(decl: ParamDecl): readonly string[] {
  let names = submoduleNamesCache.get(decl);
  if (!names) submoduleNamesCache.set(decl, (names = Object.keys(decl.submodules ?? {})));
  return names;
}

function namespaceValues(decl: ParamDecl, namespaceIds: readonly number[]): readonly string[] {
  let byDecl = namespaceValuesCache.get(namespaceIds);
  if (!byDecl) namespaceValuesCache.set(namespaceIds, (byDecl = new WeakMap()));
  let values = byDecl.get(decl);
  if (!values) byDecl.set(decl, (values = [...namespaceIds, ...(decl.extraNamespaces ?? [])].map(String)));
  return values;
}

/** A declared parameter with its name as sent (prefix included). */
interface NamedParam {
  name: string;
  fullName: string;
  decl: ParamDecl;
}

const namedParamsCache = new WeakMap<Readonly<Record<string, ParamDecl>>, Map<string, readonly NamedParam[]>>();

/** A module's parameters in declaration order with their full names, listed once per prefix. */
function namedParams(params: Readonly<Record<string, ParamDecl>>, prefix: string): readonly NamedParam[] {
  let byPrefix = namedParamsCache.get(params);
  if (!byPrefix) namedParamsCache.set(params, (byPrefix = new Map()));
  let named = byPrefix.get(prefix);
  if (!named) {
    named = Object.entries(params).map(([name, decl]) => ({ name, fullName: prefix + name, decl }));
    byPrefix.set(prefix, named);
  }
  return named;
}

/** EnumDef's failure: the message also carries every allowed value and their count (errorformat=raw shows them). */
function badValue(fullName: string, value: string, decl: ParamDecl, allowed: readonly string[]): ApiError {
  const ordered = decl.definitionOrder ?? allowed;
  const values = ordered.map((v) => ({ plaintext: decl.type === 'namespace' ? Number(v) : v }));
  const params: MessageParam[] = [{ plaintext: fullName }, { plaintext: value }, { list: values, type: 'text' }, { num: values.length }];
  return new ApiError(msg('paramvalidator-badvalue-enumnotmulti', ...params), { code: 'badvalue' });
}

function splitMulti(value: string): string[] {
  if (value === '') return [];
  if (value.charAt(0) === '\u001f') return value.slice(1).split('\u001f');
  return value.split('|');
}

const INTEGER = /^[+-]?\d+$/;

function parseInteger(fullName: string, value: string): number {
  if (!INTEGER.test(value)) {
    throw new ApiError(msg('paramvalidator-badinteger', { plaintext: fullName }, { plaintext: value }), { code: 'badinteger' });
  }
  const n = Number(value);
  // PHP's integers stop at 2^63; anything past a safe JS integer is treated as out of range like MediaWiki's overflow check.
  if (!Number.isSafeInteger(n)) {
    throw new ApiError(msg('paramvalidator-badinteger', { plaintext: fullName }, { plaintext: value }), { code: 'badinteger' });
  }
  return n;
}

export class ParamReader {
  constructor(private readonly ctx: ParamContext) {}

  /** Reads every declared parameter of a module, in declaration order (the order errors surface in). */
  readAll(decl: Pick<ModuleDecl, 'params' | 'prefix'>, modulePath: string, prefix: string = decl.prefix): ParamValues {
    const out: Record<string, ParamValue> = {};
    for (const p of namedParams(decl.params, prefix)) {
      out[p.name] = this.readNamed(p.fullName, p.decl, modulePath);
    }
    return out;
  }

  read(name: string, decl: ParamDecl, prefix: string, modulePath: string): ParamValue {
    return this.readNamed(prefix + name, decl, modulePath);
  }

  private readNamed(fullName: string, decl: ParamDecl, modulePath: string): ParamValue {
    const raw = this.ctx.request.get(fullName);

    if (decl.type === 'boolean') {
      if (raw !== undefined && decl.deprecated) this.deprecated(modulePath, fullName, raw);
      return raw !== undefined;
    }

    if (raw === undefined) {
      if (this.ctx.request.usesArraySyntax(fullName)) {
        this.ctx.warnings.add('main', msg('apiwarn-unsupportedarray', fullName), 'unsupportedarray');
      }
      if (decl.required) throw new ApiError(msg('paramvalidator-missingparam', { plaintext: fullName }), { code: 'missingparam' });
      return this.defaultValue(decl);
    }
    if (decl.deprecated) this.deprecated(modulePath, fullName, raw);
    if (this.ctx.request.rawIfCleaned(fullName) !== undefined) {
      this.ctx.warnings.add(modulePath, msg('apiwarn-badutf8', fullName), 'badutf8');
    }
    if (decl.required && raw === '') {
      // ParamValidator names the empty value given too.
      throw new ApiError(msg('paramvalidator-missingparam', { plaintext: fullName }, { plaintext: raw }), { code: 'missingparam' });
    }

    if (!decl.multi) {
      if (raw.charAt(0) === '\u001f') {
        throw new ApiError(msg('paramvalidator-notmulti', { plaintext: fullName }, { plaintext: raw }), { code: 'badvalue' });
      }
      return this.single(fullName, raw, decl, modulePath);
    }
    return this.multi(fullName, raw, decl, modulePath);
  }

  private deprecated(modulePath: string, fullName: string, value: string): void {
    this.ctx.deprecation(modulePath, 'paramvalidator-param-deprecated', [{ plaintext: fullName }, { plaintext: value }], `${this.ctx.featurePrefix(modulePath)}&${fullName}`);
  }

  private defaultValue(decl: ParamDecl): ParamValue {
    const d = decl.default;
    if (d === undefined) return decl.multi ? undefined : undefined;
    if (decl.multi) {
      const parts = splitMulti(String(d));
      return decl.type === 'namespace' || decl.type === 'integer' ? parts.map(Number) : parts;
    }
    if (decl.type === 'namespace' || decl.type === 'integer' || decl.type === 'limit') return Number(d);
    return d;
  }

  private single(fullName: string, raw: string, decl: ParamDecl, modulePath: string): ParamValue {
    const values = decl.checkedByModule ? null : enumValues(decl, this.ctx);
    if (values) {
      if (!values.includes(raw)) throw badValue(fullName, raw, decl, values);
      if (warnsOfDeprecatedValue(decl, raw)) this.deprecatedValue(modulePath, fullName, raw);
      return decl.type === 'namespace' ? Number(raw) : raw;
    }
    switch (decl.type) {
      case 'integer':
        return this.integerInRange(fullName, raw, decl, modulePath);
      case 'limit':
        return this.limit(fullName, raw, decl, modulePath.slice(modulePath.lastIndexOf('+') + 1), modulePath);
      case 'timestamp':
        return this.timestamp(fullName, raw, modulePath);
      case 'user':
        return this.user(fullName, raw, decl);
      default:
        return raw;
    }
  }

  private deprecatedValue(modulePath: string, fullName: string, value: string): void {
    this.ctx.deprecation(
      modulePath,
      'paramvalidator-deprecated-value',
      [{ plaintext: fullName }, { plaintext: value }],
      `${this.ctx.featurePrefix(modulePath)}&${fullName}=${value}`,
    );
  }

  private integerInRange(fullName: string, raw: string, decl: ParamDecl, modulePath: string): number {
    const n = parseInteger(fullName, raw);
    const { min, max } = decl;
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
      const clamped = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n));
      const key = min !== undefined && max !== undefined ? 'paramvalidator-outofrange-minmax' : min !== undefined ? 'paramvalidator-outofrange-min' : 'paramvalidator-outofrange-max';
      const message = msg(key, { plaintext: fullName }, { plaintext: raw }, { num: min ?? 0 }, { num: max ?? 0 });
      const data = { min: min ?? null, curmax: max ?? null, max: max ?? null, highmax: max ?? null };
      if (decl.enforceRange) throw new ApiError(message, { code: 'outofrange', data });
      this.ctx.warnings.add(modulePath, message, 'outofrange', data);
      return clamped;
    }
    return n;
  }

  private limit(fullName: string, raw: string, decl: ParamDecl, moduleName: string, modulePath: string): number {
    const min = decl.min ?? LIMIT_BOUNDS.min;
    const max = decl.max ?? LIMIT_BOUNDS.max;
    const highMax = decl.highMax ?? LIMIT_BOUNDS.highMax;
    const curMax = this.ctx.highLimits ? highMax : max;
    if (raw === 'max') {
      this.ctx.onMaxLimit(moduleName, curMax);
      return curMax;
    }
    const n = parseInteger(fullName, raw);
    if (n < min || n > curMax) {
      const data = { min, curmax: curMax, max, highmax: highMax };
      this.ctx.warnings.add(
        modulePath,
        msg('paramvalidator-outofrange-minmax', { plaintext: fullName }, { plaintext: raw }, { num: min }, { num: curMax }),
        'outofrange',
        data,
      );
      return Math.min(curMax, Math.max(min, n));
    }
    return n;
  }

  private timestamp(fullName: string, raw: string, modulePath: string): string {
    if (raw === '' || raw === '0') {
      this.ctx.warnings.add(
        modulePath,
        msg('paramvalidator-unclearnowtimestamp', { plaintext: fullName }, { plaintext: raw }),
        'unclearnowtimestamp',
      );
      return nowMw();
    }
    const ts = parseTimestamp(raw);
    if (ts === null) {
      throw new ApiError(msg('paramvalidator-badtimestamp', { plaintext: fullName }, { plaintext: raw }), { code: 'badtimestamp' });
    }
    return ts;
  }

  private user(fullName: string, raw: string, decl: ParamDecl): string {
    const name = this.ctx.normalizeUser(raw, decl.userSubtypes ?? ['name', 'ip', 'cidr', 'interwiki', 'id']);
    if (name === null) {
      throw new ApiError(msg('paramvalidator-baduser', { plaintext: fullName }, { plaintext: raw }), { code: 'baduser' });
    }
    return name;
  }

  private multi(fullName: string, raw: string, decl: ParamDecl, modulePath: string): ParamValue {
    let parts = splitMulti(raw);
    const [low, high] = decl.multiLimits ?? MULTI_LIMITS;
    const limit = this.ctx.highLimits ? high : low;
    const values = enumValues(decl, this.ctx);
    if (decl.allSpecifier && values && parts.length === 1 && parts[0] === '*') {
      parts = [...values];
    } else if (parts.length > limit) {
      throw new ApiError(msg('paramvalidator-toomanyvalues', { plaintext: fullName }, { num: limit }), {
        code: 'toomanyvalues',
        data: { limit, lowlimit: low, highlimit: high },
      });
    }
    if (!decl.allowsDuplicates) parts = [...new Set(parts)];
    if (values) {
      const bad = parts.filter((v) => !values.includes(v));
      if (bad.length) {
        this.ctx.warnings.add(
          modulePath,
          msg('paramvalidator-unrecognizedvalues', { plaintext: fullName }, { plaintext: raw }, { list: bad.map((b) => ({ plaintext: b })), type: 'comma' }, { num: bad.length }),
          'unrecognizedvalues',
          { values: bad },
        );
        parts = parts.filter((v) => values.includes(v));
      }
      for (const v of parts) if (warnsOfDeprecatedValue(decl, v)) this.deprecatedValue(modulePath, fullName, v);
      return decl.type === 'namespace' ? parts.map(Number) : parts;
    }
    switch (decl.type) {
      case 'integer':
        return parts.map((p) => this.integerInRange(fullName, p, decl, modulePath));
      case 'timestamp':
        return parts.map((p) => this.timestamp(fullName, p, modulePath));
      case 'user':
        return parts.map((p) => this.user(fullName, p, decl));
      default:
        return parts;
    }
  }
}
