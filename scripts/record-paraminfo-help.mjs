#!/usr/bin/env node
// Records which help messages MediaWiki 1.39 attaches to each module and parameter (paraminfo with
// helpformat=raw) into src/api/paraminfo-help.json, keeping only what the naming rules do not give.
// Usage: node scripts/record-paraminfo-help.mjs [http://127.0.0.1:8091/wiki/api.php]
import { writeFileSync } from 'node:fs';

const api = process.argv[2] ?? 'http://127.0.0.1:8091/wiki/api.php';
const NON_QUERY = 'main|query|paraminfo|json|jsonfm|xml|xmlfm|php|phpfm|rawfm|none';

async function paraminfo(modules, extra = {}) {
  const u = new URL(api);
  const params = { action: 'paraminfo', modules, helpformat: 'raw', format: 'json', formatversion: '2', ...extra };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  const res = await fetch(u);
  return (await res.json()).paraminfo;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** One module's messages, minus those that follow `apihelp-<path>-param-<name>` with the usual params. */
function compact(record, path, name, prefix) {
  const out = {};
  const examples = record.examples.map((e) => {
    const entry = [e.query, e.description.key];
    if (!same(e.description.params, [prefix, name, path])) entry.push(e.description.params);
    return entry;
  });
  if (examples.length) out.examples = examples;
  const params = {};
  for (const p of record.parameters) {
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
  return out;
}

const query = await paraminfo('query+*');
const others = await paraminfo(NON_QUERY, { pagesetmodule: '1' });
const modules = {};
for (const m of [...query.modules, ...others.modules]) modules[m.path] = compact(m, m.path, m.name, m.prefix);
modules.pageset = compact(others.pagesetmodule, 'query', 'query', '');

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

const sorted = Object.fromEntries(Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : 1)));
// One module a line: small and easy to diff.
const lines = Object.entries(sorted).map(([path, data]) => `  ${JSON.stringify(path)}: ${JSON.stringify(data)}`);
const json = `{\n "texts": ${JSON.stringify(texts, null, 2).replace(/\n/g, '\n ')},\n "modules": {\n${lines.join(',\n')}\n }\n}\n`;
writeFileSync(new URL('../src/api/paraminfo-help.json', import.meta.url), json);
console.log(`${Object.keys(sorted).length} modules`);
