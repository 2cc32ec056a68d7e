#!/usr/bin/env node
// Records from MediaWiki 1.39's action=paraminfo what paraminfo answers are built from:
// - src/api/paraminfo-help.json: which help messages MediaWiki attaches to each module and parameter
//   (helpformat=raw), keeping only what the naming rules do not give;
// - src/api/actions/mediawiki-actions.json: the declarations of the actions this server does not
//   serve (as paraminfo describes them, in our declaration vocabulary), and ApiMain's registration
//   order of all actions. The served actions (query, paraminfo, help) are declared next to their
//   handlers. Parameters whose values are the wiki's own (its change tags, groups, content models,
//   skins, import sources) are recorded as the source of those values, not as the reference
//   wiki's values: each wiki resolves them (src/api/site-enums.ts).
// Usage: node scripts/record-paraminfo.mjs [http://127.0.0.1:8091/wiki/api.php]
import { writeFileSync } from 'node:fs';

const api = process.argv[2] ?? 'http://127.0.0.1:8091/wiki/api.php';
const SERVED_ACTIONS = ['query', 'paraminfo', 'help'];

async function get(params) {
  const u = new URL(api);
  for (const [k, v] of Object.entries({ format: 'json', formatversion: '2', ...params })) u.searchParams.set(k, v);
  const res = await fetch(u);
  return res.json();
}

async function paraminfo(modules, extra = {}) {
  return (await get({ action: 'paraminfo', modules, ...extra })).paraminfo;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------------
// Help messages

/** A record's parameters and templated parameters, in declaration (index) order. */
function allParams(record) {
  return [...record.parameters, ...(record.templatedparameters ?? [])].sort((a, b) => a.index - b.index);
}

/** Examples MediaWiki shows only with a wiki setting on (the reference has it on), by message key. */
const SITE_EXAMPLES = { 'apihelp-watch-example-watch-expiry': 'watchlistExpiry' };

/** One module's messages, minus those that follow `apihelp-<path>-param-<name>` with the usual params. */
function compactHelp(record, path, name, prefix) {
  const out = {};
  const usualDescription = [
    { key: `apihelp-${path}-summary`, params: [prefix, name, path] },
    { key: `apihelp-${path}-extended-description`, params: [prefix, name, path] },
  ];
  if (record.description && !same(record.description, usualDescription)) {
    out.description = record.description.map((m) => (same(m.params, [prefix, name, path]) ? { key: m.key } : { key: m.key, params: m.params }));
  }
  const examples = record.examples.map((e) => {
    const entry = [e.query, e.description.key];
    if (!same(e.description.params, [prefix, name, path])) entry.push(e.description.params);
    return entry;
  });
  if (examples.length) out.examples = examples;
  const siteExamples = Object.fromEntries(record.examples.filter((e) => SITE_EXAMPLES[e.description.key]).map((e) => [e.description.key, SITE_EXAMPLES[e.description.key]]));
  if (Object.keys(siteExamples).length) out.siteExamples = siteExamples;
  const params = {};
  for (const p of allParams(record)) {
    const usual = [prefix, p.name, name, path];
    const entries = p.description.map((m) => {
      const e = { key: m.key };
      if (m.forvalue !== undefined) e.forvalue = m.forvalue;
      const expected = m.forvalue !== undefined && !m.forvalue.startsWith('[[') ? [...usual, m.forvalue] : usual;
      if (m.forvalue === undefined || !m.forvalue.startsWith('[[')) {
        if (!same(m.params, expected)) e.params = m.params;
      } else e.params = m.params;
      return e;
    });
    const isDefault = entries.length === 1 && entries[0].key === `apihelp-${path}-param-${p.name}` && !entries[0].params;
    if (!isDefault) params[p.name] = entries;
  }
  if (Object.keys(params).length) out.params = params;
  if (Array.isArray(record.dynamicparameters)) out.dynamicparameters = record.dynamicparameters;
  return out;
}

const queryHelp = await paraminfo('query+*', { helpformat: 'raw' });
const mainHelp = await paraminfo('main|*', { helpformat: 'raw', pagesetmodule: '1' });
const modules = {};
for (const m of [...queryHelp.modules, ...mainHelp.modules]) modules[m.path] = compactHelp(m, m.path, m.name, m.prefix);
modules.pageset = compactHelp(mainHelp.pagesetmodule, 'query', 'query', '');
if (!modules.watch?.siteExamples) throw new Error('no watch example with expiry: record from a wiki with $wgWatchlistExpiry');

// What the spec declares and MediaWiki 1.39 no longer has: texts from the MediaWiki versions (and
// the Cite extension) that had them; the infobox modules are the spec's own.
const CONTINUE = [{ key: 'api-help-param-continue' }];
modules['query+references'] = { params: { continue: CONTINUE } };
modules['query+allinfoboxes'] = {};
modules['query+infobox'] = {};
const texts = {
  'apihelp-query+allinfoboxes-summary': 'Enumerate all infoboxes used on the wiki.',
  'apihelp-query+infobox-summary': 'Returns the infoboxes of the given pages.',
  'apihelp-query+references-summary': 'Return a data representation of references associated with the given pages.',
  'apihelp-query+info-param-token': 'Use [[Special:ApiHelp/query+tokens|action=query&meta=tokens]] instead.',
  'apihelp-query+revisions-param-token': 'Which tokens to generate for each revision.',
  'apihelp-query+recentchanges-param-token': 'Use [[Special:ApiHelp/query+tokens|action=query&meta=tokens]] instead.',
  'apihelp-query+users-param-token': 'Use [[Special:ApiHelp/query+tokens|action=query&meta=tokens]] instead.',
};

/** One entry a line: small and easy to diff. */
function linesJson(entries) {
  return entries.map(([key, data]) => `  ${JSON.stringify(key)}: ${JSON.stringify(data)}`).join(',\n');
}

const sortedHelp = Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : 1));
writeFileSync(
  new URL('../src/api/paraminfo-help.json', import.meta.url),
  `{\n "texts": ${JSON.stringify(texts, null, 2).replace(/\n/g, '\n ')},\n "modules": {\n${linesJson(sortedHelp)}\n }\n}\n`,
);
console.log(`paraminfo-help.json: help of ${sortedHelp.length} modules`);

// ---------------------------------------------------------------------------------------------
// Action declarations

/**
 * The parameters whose values MediaWiki takes from the wiki (its configuration or database), by
 * `action.parameter` or parameter name, and the SiteEnum source they come from.
 */
const SITE_ENUMS = [
  // ParamValidator's `tags` type (TagsDef): ChangeTags::listExplicitlyDefinedTags.
  [(action, name) => name === 'tags' || (action === 'tag' && name === 'add'), 'explicittags'],
  [(action, name) => action === 'feedcontributions' && name === 'tagfilter', 'definedtags'],
  [(action, name) => action === 'userrights' && (name === 'add' || name === 'remove'), 'allgroups'],
  [(action, name) => action === 'changecontentmodel' && name === 'model', 'editablecontentmodels'],
  [(action, name) => /^(from|to)?contentmodel(-\{slot\})?$/.test(name), 'contentmodels'],
  [(action, name) => /^(from|to)?contentformat(-\{slot\})?$/.test(name), 'contentformats'],
  [(action, name) => action === 'parse' && name === 'useskin', 'skins'],
  [(action, name) => action === 'import' && name === 'interwikisource', 'importsources'],
];

/** Parameters MediaWiki declares only with a wiki setting on (the reference has it on), by that setting's SiteConfig name. */
const SITE_CONDITIONS = [[(action, name) => name === 'watchlistexpiry' || (action === 'watch' && name === 'expiry'), 'watchlistExpiry']];
/** Integer bounds that are a wiki setting (SiteConfig's name), checked against the reference's siteinfo. */
const SITE_MAXIMA = [[(action, name) => action === 'upload' && name === 'filesize', 'maxUploadSize']];

const ruleOf = (rules, action, p) => rules.find(([matches]) => matches(action, p.name))?.[1];

function siteEnumOf(action, p) {
  return Array.isArray(p.type) ? SITE_ENUMS.find(([matches]) => matches(action, p.name))?.[1] : undefined;
}

/** The reference wiki's values of each source, as far as its API tells them, to check the recording by. */
async function referenceSiteValues() {
  const { query } = await get({ action: 'query', meta: 'siteinfo', siprop: 'general|usergroups|skins', list: 'tags', tgprop: 'defined|source', tglimit: 'max' });
  const sorted = (values) => [...values].sort();
  return {
    maxUploadSize: query.general.maxuploadsize,
    explicittags: sorted(query.tags.filter((t) => t.source.includes('manual')).map((t) => t.name)),
    definedtags: sorted(query.tags.filter((t) => t.defined).map((t) => t.name)),
    // The fixture's implicit groups are MediaWiki's: `*`, `user` and the autopromoted `autoconfirmed`.
    allgroups: sorted(query.usergroups.map((g) => g.name).filter((g) => !['*', 'user', 'autoconfirmed'].includes(g))),
    skins: sorted(query.skins.map((s) => s.code)),
  };
}

/** Every parameter recorded as a SiteEnum had the reference's values of it; no literal list is one of them. */
function checkSiteEnums(records, reference) {
  const conditional = records.flatMap((record) => allParams(record).filter((p) => ruleOf(SITE_CONDITIONS, record.name, p)));
  if (!conditional.length) throw new Error('no watchlistexpiry parameter: record from a wiki with $wgWatchlistExpiry');
  for (const record of records) {
    for (const p of allParams(record)) {
      if (ruleOf(SITE_MAXIMA, record.name, p) && p.max !== reference.maxUploadSize) throw new Error(`${record.name}.${p.name}: max ${p.max} is not the wiki's $wgMaxUploadSize`);
    }
  }
  const seen = new Map();
  for (const record of records) {
    for (const p of allParams(record)) {
      const source = siteEnumOf(record.name, p);
      const values = Array.isArray(p.type) ? [...p.type].sort() : null;
      if (source) {
        const expected = reference[source] ?? seen.get(source) ?? values;
        if (!same(values, expected)) throw new Error(`${record.name}.${p.name}: ${JSON.stringify(values)} is not the wiki's ${source} ${JSON.stringify(expected)}`);
        seen.set(source, values);
      }
    }
  }
  for (const record of records) {
    for (const p of allParams(record)) {
      if (!Array.isArray(p.type) || siteEnumOf(record.name, p) || p.type.length === 0) continue;
      const values = [...p.type].sort();
      for (const [source, wikiValues] of [...Object.entries(reference), ...seen].filter(([, v]) => Array.isArray(v))) {
        if (same(values, wikiValues)) throw new Error(`${record.name}.${p.name} lists the wiki's ${source} but is not recorded as it`);
      }
    }
  }
}

const DEFAULT_MULTI_LIMITS = [50, 500];
const DEFAULT_USER_SUBTYPES = ['name', 'ip', 'cidr', 'interwiki'];
const LIMIT_BOUNDS = { min: 1, max: 500, highmax: 5000 };

/** A paraminfo parameter record of `action` as a declaration (src/api/params/declaration.ts's names). */
function paramDecl(action, p) {
  const decl = {};
  if (p.submodules && p.submoduleparamprefix === 'g') {
    // The page set's generator: its choices are the query modules this server declares.
    return { type: 'submodule', submoduleParamPrefix: 'g' };
  }
  const siteEnum = siteEnumOf(action, p);
  decl.type = p.submodules ? 'submodule' : siteEnum ? { fromSite: siteEnum } : p.type;
  if (p.default !== undefined) decl.default = p.default;
  if (p.multi) decl.multi = true;
  if (p.required) decl.required = true;
  if (p.deprecated) decl.deprecated = true;
  if (p.sensitive) decl.sensitive = true;
  if (p.multi && !same([p.lowlimit, p.highlimit], DEFAULT_MULTI_LIMITS)) decl.multiLimits = [p.lowlimit, p.highlimit];
  if (p.allowsduplicates) decl.allowsDuplicates = true;
  if (p.allspecifier !== undefined) decl.allSpecifier = true;
  if (p.extranamespaces) decl.extraNamespaces = p.extranamespaces;
  if (p.type === 'limit') {
    if (p.min !== LIMIT_BOUNDS.min) decl.min = p.min;
    if (p.max !== LIMIT_BOUNDS.max) decl.max = p.max;
    if (p.highmax !== LIMIT_BOUNDS.highmax) decl.highMax = p.highmax;
  } else {
    if (p.min !== undefined) decl.min = p.min;
    const maxFromSite = ruleOf(SITE_MAXIMA, action, p);
    if (maxFromSite) decl.maxFromSite = maxFromSite;
    else if (p.max !== undefined) decl.max = p.max;
    if (p.highmax !== undefined) decl.highMax = p.highmax;
  }
  const requiresSite = ruleOf(SITE_CONDITIONS, action, p);
  if (requiresSite) decl.requiresSite = requiresSite;
  if (p.type === 'user' && !same(p.subtypes, DEFAULT_USER_SUBTYPES)) decl.userSubtypes = p.subtypes;
  if (p.maxbytes !== undefined) decl.maxBytes = p.maxbytes;
  if (p.maxchars !== undefined) decl.maxChars = p.maxchars;
  if (p.deprecatedvalues) decl.deprecatedValues = p.deprecatedvalues;
  if (p.internalvalues) decl.internalValues = p.internalvalues;
  if (p.submodules) decl.submodules = p.submodules;
  if (p.submoduleparamprefix !== undefined) decl.submoduleParamPrefix = p.submoduleparamprefix;
  if (p.tokentype !== undefined) decl.tokenType = p.tokentype;
  if (p.mustExist) decl.mustExist = true;
  if (p.templatevars) decl.templateVars = p.templatevars;
  if (p.info) decl.info = p.info.map((i) => (i.values ? { name: i.name, values: i.values } : { name: i.name }));
  const known = new Set([
    'index', 'name', 'type', 'default', 'multi', 'required', 'deprecated', 'sensitive', 'lowlimit', 'highlimit', 'limit',
    'allowsduplicates', 'allspecifier', 'extranamespaces', 'min', 'max', 'highmax', 'subtypes', 'maxbytes', 'maxchars',
    'deprecatedvalues', 'internalvalues', 'submodules', 'submoduleparamprefix', 'tokentype', 'templatevars', 'info', 'mustExist',
  ]);
  for (const key of Object.keys(p)) if (!known.has(key)) throw new Error(`parameter ${p.name}: unknown paraminfo key ${key}`);
  return decl;
}

function actionDecl(record) {
  const decl = { classname: record.classname };
  if (record.prefix) decl.prefix = record.prefix;
  // An extension's action would need its licence page, which paraminfo does not say.
  if (record.source !== 'MediaWiki') throw new Error(`action ${record.name} comes from ${record.source}, not MediaWiki`);
  for (const [flag, key] of [['readrights', 'readRights'], ['writerights', 'writeRights'], ['mustbeposted', 'mustBePosted'], ['internal', 'internal'], ['deprecated', 'deprecated'], ['dynamicparameters', 'dynamicParameters']]) {
    if (record[flag]) decl[key] = true;
  }
  if (record.helpurls.length) decl.helpUrls = record.helpurls;
  decl.params = Object.fromEntries(allParams(record).map((p) => [p.name, paramDecl(record.name, p)]));
  return decl;
}

const badAction = await get({ action: '\u0001', errorformat: 'raw' });
const registrationOrder = badAction.errors[0].params[2].list.map((v) => v.plaintext);
const actions = (await paraminfo(registrationOrder.filter((name) => !SERVED_ACTIONS.includes(name)).join('|'))).modules;
if (actions.length !== registrationOrder.length - SERVED_ACTIONS.length) throw new Error('paraminfo did not describe every action');
checkSiteEnums(actions, await referenceSiteValues());
const byName = new Map(actions.map((m) => [m.name, actionDecl(m)]));
const recorded = registrationOrder.filter((name) => byName.has(name)).map((name) => [name, byName.get(name)]);
writeFileSync(
  new URL('../src/api/actions/mediawiki-actions.json', import.meta.url),
  `{\n "registrationOrder": ${JSON.stringify(registrationOrder)},\n "actions": {\n${linesJson(recorded)}\n }\n}\n`,
);
console.log(`mediawiki-actions.json: ${recorded.length} of ${registrationOrder.length} actions`);
