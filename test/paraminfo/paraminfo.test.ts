// action=paraminfo: the module records we render from our declarations, against the spec's checker
// and against MediaWiki 1.39's own answers.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryModules, queryModulesByGroup, queryModulesByPath, findQueryModule } from '../../src/modules/index.ts';
import {
  renderModuleInfo,
  renderParamInfoResult,
  resolveModulePaths,
  type HelpFormat,
} from '../../src/api/paraminfo.ts';
import { formatDecls } from '../../src/api/main-declarations.ts';
import { apiModulesFor } from '../../src/api/api.ts';
import { metaOf, type ResultList, type ResultObject } from '../../src/api/result.ts';
import { jsonView as toJsonView } from '../../src/api/formats/index.ts';
import { toPlaintext } from '../../src/api/i18n/messages.ts';
import { fixtureSite, fixtureWiki, paramInfoWiki, plain } from './fixture-site.ts';
import * as recorded from './recorded-answers.ts';

const apiModules = apiModulesFor(queryModules);
const tree = apiModules.tree;
const mainDecl = apiModules.main;
const queryDecl = apiModules.actions.get('query')!;

const sharedDir = fileURLToPath(new URL('../../../shared/', import.meta.url));
const checker = join(sharedDir, 'tools/check-paraminfo.mjs');

function view(record: ResultObject, formatVersion: 1 | 2): unknown {
  return plain(toJsonView(record, formatVersion));
}

function render(path: string, formatVersion: 1 | 2, helpFormat: HelpFormat = 'none'): any {
  const { modules } = resolveModulePaths(path, tree);
  assert.equal(modules.length, 1, `${path} resolves to one module`);
  return view(renderModuleInfo(modules[0], fixtureWiki, { helpFormat, tree }), formatVersion);
}

/** MediaWiki sorts enumeration values; we keep the spec's order. Compare them as sets. */
function withSortedEnums(record: any): any {
  const copy = structuredClone(record);
  for (const p of copy.parameters) if (Array.isArray(p.type) && !p.submodules) p.type = [...p.type].sort();
  return copy;
}

describe('paraminfo for the 66 query modules matches the spec', () => {
  for (const formatVersion of [1, 2] as const) {
    test(`check-paraminfo: 66/66 modules and 507/507 parameters exact (formatversion=${formatVersion})`, (t) => {
      if (!existsSync(checker)) {
        t.skip(`${checker} not found: ../shared is absent`);
        return;
      }
      const modules = queryModules.map((m) => toJsonView(renderModuleInfo(m.decl, fixtureWiki), formatVersion));
      const dir = mkdtempSync(join(tmpdir(), 'paraminfo-'));
      try {
        const file = join(dir, `paraminfo-fv${formatVersion}.json`);
        writeFileSync(file, JSON.stringify({ paraminfo: { helpformat: 'none', modules: modules.map(plain) } }));
        let output: string;
        try {
          output = execFileSync(process.execPath, [checker, '--file', file], { encoding: 'utf8' });
        } catch (e) {
          const err = e as { stdout?: string };
          assert.fail(`check-paraminfo reported differences:\n${err.stdout ?? String(e)}`);
        }
        assert.match(output, /paraminfo: 66\/66 modules exact, 507\/507 params exact/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

describe('module records are MediaWiki 1.39 records', () => {
  test('query+links in formatversion 1: flags are empty strings, false flags are left out', () => {
    assert.deepEqual(render('query+links', 1), recorded.linksFv1);
  });

  test('query+links in formatversion 2: flags are booleans, required and multi always present', () => {
    assert.deepEqual(render('query+links', 2), recorded.linksFv2);
  });

  test('allmessages args allows duplicates', () => {
    assert.deepEqual(render('query+allmessages', 1), recorded.allmessagesFv1);
  });

  test('watchlistraw owner takes a user name only and token is sensitive', () => {
    assert.deepEqual(withSortedEnums(render('query+watchlistraw', 2)), withSortedEnums(recorded.watchlistrawFv2));
  });

  test('deletedrevs is deprecated and its parameters carry the modes notes', () => {
    const ours = render('query+deletedrevs', 1);
    // The spec does not deprecate the `token` value of drprop; MediaWiki does.
    const theirs = structuredClone(recorded.deletedrevsFv1) as any;
    delete theirs.parameters[11].deprecatedvalues;
    assert.deepEqual(withSortedEnums(ours), withSortedEnums(theirs));
  });

  test('allpages matches MediaWiki, with enumerations in the spec order', () => {
    const ours = render('query+allpages', 2);
    assert.deepEqual(withSortedEnums(ours), withSortedEnums(recorded.allpagesFv2));
    const filterredir = ours.parameters.find((p: any) => p.name === 'filterredir');
    assert.deepEqual(filterredir.type, ['all', 'redirects', 'nonredirects']);
  });

  test('revisions follows the spec where it differs from MediaWiki', () => {
    const ours = render('query+revisions', 2);
    const theirs = withSortedEnums(recorded.revisionsFv2);
    const param = (name: string) => theirs.parameters.find((p: any) => p.name === name);
    // The spec: difftotextpst and contentformat are not deprecated, contentformat has five formats,
    // and the deprecated token parameter is still declared.
    delete param('difftotextpst').deprecated;
    delete param('contentformat').deprecated;
    param('contentformat').type = ['application/json', 'text/css', 'text/javascript', 'text/plain', 'text/x-wiki'];
    theirs.parameters.splice(theirs.parameters.length - 1, 0, {
      index: 0, name: 'token', type: ['rollback'], required: false, deprecated: true, multi: true,
      lowlimit: 50, highlimit: 500, limit: 50,
    });
    theirs.parameters.forEach((p: any, i: number) => (p.index = i + 1));
    assert.deepEqual(withSortedEnums(ours), theirs);
  });

  test('main has no group and no readrights; action and format list their submodules', () => {
    assert.deepEqual(render('main', 1), recorded.mainFv1);
  });

  test('the json format module', () => {
    assert.deepEqual(render('json', 2), recorded.jsonFormatFv2);
  });

  test('lists carry their XML element names', () => {
    const record = renderModuleInfo(findQueryModule('prop', 'links')!.decl, fixtureWiki);
    const params = record.parameters as ResultList;
    assert.equal(metaOf(record.helpurls as ResultList).indexedTagName, 'helpurl');
    assert.equal(metaOf(params).indexedTagName, 'param');
    const namespace = params[0] as ResultObject;
    assert.equal(metaOf(namespace.extranamespaces as ResultList).indexedTagName, 'ns');
    const dir = params[4] as ResultObject;
    assert.equal(metaOf(dir.type as ResultList).indexedTagName, 't');
  });

  test('a caller with apihighlimits sees the high value-count limit', () => {
    const record = renderModuleInfo(findQueryModule('prop', 'links')!.decl, fixtureWiki, { highLimits: true });
    const namespace = (view(record, 2) as any).parameters[0];
    assert.equal(namespace.limit, 500);
  });

  test('GROUPS and RIGHTS come from the site configuration', () => {
    const site = { ...fixtureSite, explicitGroups: ['bot', 'sysop'], availableRights: ['read', 'edit'] };
    const record = view(renderModuleInfo(findQueryModule('list', 'allusers')!.decl, paramInfoWiki(site)), 2) as any;
    assert.deepEqual(record.parameters.find((p: any) => p.name === 'group').type, ['bot', 'sysop']);
    assert.deepEqual(record.parameters.find((p: any) => p.name === 'rights').type, ['read', 'edit']);
  });

  test('extension modules name their source and licence page', () => {
    const gadgets = render('query+gadgets', 2);
    assert.equal(gadgets.source, 'Gadgets');
    assert.equal(gadgets.licenselink, 'http://127.0.0.1:8081/wiki/index.php/Special:Version/License/Gadgets');
    assert.equal(gadgets.classname, 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgets');
  });
});

describe('query, its modules and the page set', () => {
  test('66 query modules: 38 list, 22 prop, 6 meta, found by group and path', () => {
    assert.equal(queryModules.length, 66);
    assert.equal(queryModulesByGroup.list.size, 38);
    assert.equal(queryModulesByGroup.prop.size, 22);
    assert.equal(queryModulesByGroup.meta.size, 6);
    assert.equal(queryModulesByPath.get('query+allpages')?.decl.name, 'allpages');
  });

  test('list sorts deletedrevs, the deprecated module, last', () => {
    const list = queryDecl.params.list;
    const names = Object.keys(list.submodules!);
    assert.equal(names[names.length - 1], 'deletedrevs');
    assert.deepEqual(list.deprecatedValues, ['deletedrevs']);
  });

  test('generator lists the 36 generator modules with the g prefix', () => {
    const generator = (view(renderModuleInfo(queryDecl, fixtureWiki), 2) as any).parameters.find(
      (p: any) => p.name === 'generator',
    );
    assert.equal(generator.type.length, 36);
    assert.equal(generator.submodules.allpages, 'query+allpages');
    assert.equal(generator.submoduleparamprefix, 'g');
  });

  test('pagesetmodule shows the page set without name, path and group', () => {
    const { paraminfo } = renderParamInfoResult({ pagesetmodule: true }, tree, fixtureWiki, {
      pageSet: apiModules.pageSet,
    });
    const pageset = view(paraminfo.pagesetmodule as ResultObject, 1) as any;
    assert.equal(pageset.classname, 'ApiPageSet');
    assert.equal(pageset.name, undefined);
    assert.equal(pageset.path, undefined);
    assert.deepEqual(
      pageset.parameters.map((p: any) => p.name),
      ['titles', 'pageids', 'revids', 'generator', 'redirects', 'converttitles'],
    );
  });

  test('every format module is declared', () => {
    assert.deepEqual([...formatDecls.keys()], ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm']);
    assert.equal(mainDecl.params.format.default, 'jsonfm');
  });
});

describe('modules= resolves module paths as MediaWiki does', () => {
  const paths = (spec: string) => resolveModulePaths(spec, tree).modules.map((m) => m.path);
  const warnings = (spec: string) => resolveModulePaths(spec, tree).warnings.map((w) => toPlaintext(w.message));

  test('query+a|query+b lists both in order', () => {
    assert.deepEqual(paths('query+siteinfo|query+allpages'), ['query+siteinfo', 'query+allpages']);
  });

  test('query+* lists the query modules sorted by name', () => {
    const all = paths('query+*');
    assert.equal(all.length, 66);
    assert.deepEqual(all, [...all].sort());
  });

  test('* lists main\'s submodules: every action of MediaWiki 1.39 and the formats, by name', () => {
    const all = paths('*');
    assert.equal(all.length, 50 + 8);
    assert.deepEqual(all, [...all].sort());
    for (const name of ['edit', 'login', 'query', 'paraminfo', 'help', 'cspreport', 'json', 'xmlfm']) assert.ok(all.includes(name), name);
  });

  test('main and query are modules too; a `+` typed into a URL arrives as a space', () => {
    assert.deepEqual(paths('main|query|query allpages'), ['main', 'query', 'query+allpages']);
  });

  test('a module asked twice is described once', () => {
    assert.deepEqual(paths('query+allpages|query+allpages'), ['query+allpages']);
  });

  test('unknown modules are warnings, in MediaWiki\'s words', () => {
    assert.deepEqual(warnings('query+nosuch'), ['The module "query" does not have a submodule "nosuch".']);
    assert.deepEqual(warnings('nosuch'), ['The module "main" does not have a submodule "nosuch".']);
    assert.deepEqual(warnings('main+query'), ['The module "main" does not have a submodule "main".']);
    assert.deepEqual(warnings('query+allpages+foo'), ['The module "query+allpages" has no submodules.']);
    assert.deepEqual(warnings('query+allpages+*'), ['The module "query+allpages" has no submodules.']);
    assert.equal(resolveModulePaths('query+nosuch', tree).warnings[0].code, 'badmodule');
  });
});

describe('the paraminfo result', () => {
  test('helpformat comes first; no modules key when nothing resolved', () => {
    const { paraminfo, warnings } = renderParamInfoResult({ modules: 'query+nosuch' }, tree, fixtureWiki);
    assert.deepEqual(view(paraminfo, 2), { helpformat: 'none' });
    assert.equal(warnings.length, 1);
  });

  test('querymodules puts records under querymodules with querytype', () => {
    const { paraminfo } = renderParamInfoResult(
      { modules: 'query+tokens', querymodules: ['allpages'], formatmodules: ['json'], mainmodule: true },
      tree,
      fixtureWiki,
    );
    const out = view(paraminfo, 1) as any;
    assert.deepEqual(Object.keys(out), ['helpformat', 'modules', 'querymodules', 'formatmodules', 'mainmodule']);
    assert.equal(out.querymodules[0].querytype, 'list');
    assert.equal(out.formatmodules[0].name, 'json');
    assert.equal(out.mainmodule.name, 'main');
    assert.equal(metaOf(paraminfo.modules as ResultList).indexedTagName, 'module');
  });
});

describe('helpformat adds MediaWiki\'s help texts', () => {
  test('wikitext: module description, parameter descriptions and info notes', () => {
    const record = render('query+deletedrevs', 2, 'wikitext');
    assert.equal(record.description, 'List deleted revisions.\n\nOperates in three modes:\n# List deleted revisions for the given titles, sorted by timestamp.\n# List deleted contributions for the given user, sorted by timestamp (no titles specified).\n# List all deleted revisions in the given namespace, sorted by title and timestamp (no titles specified, druser not set).\n\nCertain parameters only apply to some modes and are ignored in others.');
    assert.equal(record.parameters[0].description, 'The timestamp to start enumerating from.');
    assert.deepEqual(record.parameters[0].info, [{ name: 'modes', values: [1, 2], text: 'Modes: 1, 2' }]);
    assert.equal(
      record.parameters[2].description,
      'In which direction to enumerate:\n\n;<span dir="ltr" lang="en">newer</span>:List oldest first. Note: drstart has to be before drend.\n;<span dir="ltr" lang="en">older</span>:List newest first (default). Note: drstart has to be later than drend.',
    );
    assert.equal(record.examples[0].query, 'action=query&list=deletedrevs&titles=Main%20Page|Talk%3AMain%20Page&drprop=user|comment|content');
  });

  test('raw: message keys and parameters', () => {
    const record = render('query+allpages', 2, 'raw');
    assert.deepEqual(record.description, [
      { key: 'apihelp-query+allpages-summary', params: ['ap', 'allpages', 'query+allpages'] },
      { key: 'apihelp-query+allpages-extended-description', params: ['ap', 'allpages', 'query+allpages'] },
    ]);
    assert.deepEqual(record.parameters[1].description, [
      { key: 'api-help-param-continue', params: ['ap', 'continue', 'allpages', 'query+allpages'] },
    ]);
  });

  test('html: paragraphs stripped, definition lists for values', () => {
    const record = render('query+allpages', 2, 'html');
    assert.equal(record.description, 'Enumerate all pages sequentially in a given namespace.');
    const prexpiry = record.parameters.find((p: any) => p.name === 'prexpiry');
    assert.equal(
      prexpiry.description,
      '<p>Which protection expiry to filter the page on:\n</p>\n<dl><dt><span dir="ltr" lang="en">indefinite</span></dt>\n<dd>Get only pages with indefinite protection expiry.</dd>\n<dt><span dir="ltr" lang="en">definite</span></dt>\n<dd>Get only pages with a definite (specific) protection expiry.</dd>\n<dt><span dir="ltr" lang="en">all</span></dt>\n<dd>Get pages with any protections expiry.</dd></dl>',
    );
  });
});
