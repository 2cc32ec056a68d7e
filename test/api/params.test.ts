// Parameter validation through declarations: MediaWiki's types, limits, multi values and messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ParamReader, type ParamContext } from '../../src/api/params/validate.ts';
import type { ModuleDecl } from '../../src/api/params/declaration.ts';
import { ApiRequest } from '../../src/api/request.ts';
import { ApiError, WarningLog } from '../../src/api/errors.ts';
import { toPlaintext } from '../../src/api/i18n/messages.ts';
import { MEDIAWIKI_SOURCE } from '../../src/api/params/declaration.ts';

const decl: ModuleDecl = {
  name: 'demo',
  path: 'query+demo',
  group: 'list',
  prefix: 'dm',
  classname: 'Demo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: [],
  params: {
    limit: { type: 'limit', default: 10 },
    dir: { type: ['ascending', 'descending'], default: 'ascending' },
    prop: { type: ['ids', 'title', 'old'], multi: true, default: 'ids|title', deprecatedValues: ['old'] },
    namespace: { type: 'namespace', multi: true, allSpecifier: true },
    minsize: { type: 'integer' },
    start: { type: 'timestamp' },
    unique: { type: 'boolean' },
    redirect: { type: 'boolean', deprecated: true },
    titles: { type: 'string', multi: true },
    search: { type: 'string' },
  },
};

function read(params: Record<string, string>, highLimits = false) {
  const warnings = new WarningLog();
  const deprecations: string[] = [];
  const limits = new Map<string, number>();
  const ctx: ParamContext = {
    request: new ApiRequest('GET', new Map(Object.entries(params)), {}, '127.0.0.1', '/'),
    warnings,
    highLimits,
    resolveEnum: () => [],
    namespaceIds: [0, 1, 2, 14],
    normalizeUser: (v) => v,
    onMaxLimit: (m, v) => limits.set(m, v),
    deprecation: (_path, _key, _params, feature) => deprecations.push(feature),
    featurePrefix: () => 'action=query&list=demo',
  };
  const values = new ParamReader(ctx).readAll(decl, 'query+demo');
  return { values, warnings: warnings.items.map((w) => `${w.code}: ${toPlaintext(w.message)}`), deprecations, limits };
}

function error(params: Record<string, string>): { code: string; info: string } {
  try {
    read(params);
  } catch (e) {
    assert.ok(e instanceof ApiError);
    return { code: e.code, info: toPlaintext(e.apiMessage) };
  }
  assert.fail('expected an error');
}

test('defaults apply when parameters are absent', () => {
  const { values } = read({});
  assert.equal(values.limit, 10);
  assert.equal(values.dir, 'ascending');
  assert.deepEqual(values.prop, ['ids', 'title']);
  assert.equal(values.unique, false);
});

test('limit=max resolves to 500, or 5000 with apihighlimits, and is reported', () => {
  assert.equal(read({ dmlimit: 'max' }).values.limit, 500);
  const high = read({ dmlimit: 'max' }, true);
  assert.equal(high.values.limit, 5000);
  assert.equal(high.limits.get('demo'), 5000);
});

test('limits out of range are clamped with an outofrange warning', () => {
  const r = read({ dmlimit: '600' });
  assert.equal(r.values.limit, 500);
  assert.deepEqual(r.warnings, ['outofrange: The value "600" for parameter "dmlimit" must be between 1 and 500.']);
  assert.equal(read({ dmlimit: '0' }).values.limit, 1);
});

test('non-integers are badinteger errors', () => {
  assert.deepEqual(error({ dmlimit: '1.5' }), { code: 'badinteger', info: 'Invalid value "1.5" for integer parameter "dmlimit".' });
  assert.deepEqual(error({ dmminsize: 'abc' }), { code: 'badinteger', info: 'Invalid value "abc" for integer parameter "dmminsize".' });
});

test('an unknown value of a single enumeration is a badvalue error', () => {
  assert.deepEqual(error({ dmdir: 'sideways' }), { code: 'badvalue', info: 'Unrecognized value for parameter "dmdir": sideways.' });
});

test('unknown values of a multi enumeration are dropped with a warning', () => {
  const r = read({ dmprop: 'ids|bogus|worse' });
  assert.deepEqual(r.values.prop, ['ids']);
  assert.deepEqual(r.warnings, ['unrecognizedvalues: Unrecognized values for parameter "dmprop": bogus, worse']);
});

test('deprecated values and parameters are reported with their feature', () => {
  const r = read({ dmprop: 'old', dmredirect: '' });
  assert.deepEqual(r.deprecations, ['action=query&list=demo&dmprop=old', 'action=query&list=demo&dmredirect']);
});

test('a boolean is true when present, whatever its value', () => {
  assert.equal(read({ dmunique: 'false' }).values.unique, true);
  assert.equal(read({ dmunique: '' }).values.unique, true);
});

test('U+001F separates values when it comes first', () => {
  assert.deepEqual(read({ dmtitles: '\u001fA|B\u001fC' }).values.titles, ['A|B', 'C']);
});

test('U+001F on a single-valued parameter is an error', () => {
  assert.equal(error({ dmsearch: '\u001fa\u001fb' }).code, 'badvalue');
});

test('more than 50 values is toomanyvalues', () => {
  const many = Array.from({ length: 51 }, (_, i) => `T${i}`).join('|');
  assert.deepEqual(error({ dmtitles: many }), { code: 'toomanyvalues', info: 'Too many values supplied for parameter "dmtitles". The limit is 50.' });
});

test('duplicate values are removed', () => {
  assert.deepEqual(read({ dmtitles: 'A|B|A' }).values.titles, ['A', 'B']);
});

test('the * specifier selects every namespace', () => {
  assert.deepEqual(read({ dmnamespace: '*' }).values.namespace, [0, 1, 2, 14]);
});

test('timestamps accept MediaWiki input forms and reject others', () => {
  assert.equal(read({ dmstart: '2025-01-11T04:50:10Z' }).values.start, '20250111045010');
  assert.equal(read({ dmstart: '20250111045010' }).values.start, '20250111045010');
  assert.equal(read({ dmstart: '1736571010' }).values.start, '20250111045010');
  assert.equal(read({ dmstart: 'Sat, 11 Jan 2025 04:50:10 GMT' }).values.start, '20250111045010');
  assert.deepEqual(error({ dmstart: '2025-01-11' }), { code: 'badtimestamp', info: 'Invalid value "2025-01-11" for timestamp parameter "dmstart".' });
});

test('an empty or zero timestamp means now, with a warning', () => {
  const r = read({ dmstart: '' });
  assert.match(String(r.values.start), /^\d{14}$/);
  assert.equal(r.warnings.length, 1);
  assert.match(r.warnings[0], /^unclearnowtimestamp: /);
});
