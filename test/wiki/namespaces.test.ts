// Namespaces of a MediaWiki 1.39 wiki: defaults, names, aliases, talk/subject pairs.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { NS, Namespaces, defaultNamespaces } from '../../src/wiki/namespaces.ts';
import type { NamespaceInfo } from '../../src/wiki/site.ts';
import { fixtureNamespaces } from './fixture-site.ts';

// Recorded: meta=siteinfo&siprop=namespaces|namespacealiases on the reference (ids -2..15).
const SITEINFO_CORE: NamespaceInfo[] = [
  { id: -2, name: 'Media', canonical: 'Media', case: 'first-letter', subpages: false, content: false, nonincludable: false },
  { id: -1, name: 'Special', canonical: 'Special', case: 'first-letter', subpages: false, content: false, nonincludable: false },
  { id: 0, name: '', case: 'first-letter', subpages: false, content: true, nonincludable: false },
  { id: 1, name: 'Talk', canonical: 'Talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 2, name: 'User', canonical: 'User', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 3, name: 'User talk', canonical: 'User talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 4, name: 'Fixture Wiki', canonical: 'Project', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 5, name: 'Fixture Wiki talk', canonical: 'Project talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 6, name: 'File', canonical: 'File', case: 'first-letter', subpages: false, content: false, nonincludable: false },
  { id: 7, name: 'File talk', canonical: 'File talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 8, name: 'MediaWiki', canonical: 'MediaWiki', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 9, name: 'MediaWiki talk', canonical: 'MediaWiki talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 10, name: 'Template', canonical: 'Template', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 11, name: 'Template talk', canonical: 'Template talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 12, name: 'Help', canonical: 'Help', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 13, name: 'Help talk', canonical: 'Help talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
  { id: 14, name: 'Category', canonical: 'Category', case: 'first-letter', subpages: false, content: false, nonincludable: false },
  { id: 15, name: 'Category talk', canonical: 'Category talk', case: 'first-letter', subpages: true, content: false, nonincludable: false },
];

describe('defaultNamespaces', () => {
  test('match siteinfo of a wiki whose project namespace is Fixture_Wiki', () => {
    const { namespaces, aliases } = defaultNamespaces('Fixture_Wiki');
    assert.deepEqual(namespaces, SITEINFO_CORE);
    assert.deepEqual(aliases, [{ alias: 'Image', id: 6 }, { alias: 'Image talk', id: 7 }]);
  });

  test('a site name with spaces gives the same project namespace', () => {
    assert.equal(defaultNamespaces('Fixture Wiki').namespaces.find((ns) => ns.id === 5)?.name, 'Fixture Wiki talk');
  });

  test('$wgCapitalLinks = false leaves Special, User and MediaWiki (and their talk) first-letter', () => {
    const { namespaces } = defaultNamespaces('P', { capitalLinks: false });
    const firstLetter = namespaces.filter((ns) => ns.case === 'first-letter').map((ns) => ns.id);
    assert.deepEqual(firstLetter, [-1, 2, 3, 8, 9]);
  });
});

describe('Namespaces', () => {
  const namespaces = fixtureNamespaces();

  test('looks names up in any case, with spaces or underscores, by local name, canonical name or alias', () => {
    // Each of these was accepted as a title prefix by the reference (titles=<name>:x).
    const cases: Array<[string, number]> = [
      ['Talk', 1], ['TALK', 1], ['tALK', 1], ['Project', 4], ['project talk', 5], ['Project_talk', 5],
      ['Image', 6], ['image talk', 7], ['Fixture_Wiki', 4], ['FIXTURE WIKI', 4], ['fixture wiki talk', 5],
      ['Special', -1], ['Media', -2], ['Gadget_definition', 2302], ['Category', 14], ['', 0],
    ];
    for (const [name, id] of cases) assert.equal(namespaces.lookup(name), id, name);
    assert.equal(namespaces.lookup('Module'), undefined);
    assert.equal(namespaces.lookup('FW'), undefined);
  });

  test('nsText gives the local name with spaces, nsDbKey with underscores, canonicalName the English one', () => {
    assert.equal(namespaces.nsText(0), '');
    assert.equal(namespaces.nsText(5), 'Fixture Wiki talk');
    assert.equal(namespaces.nsDbKey(5), 'Fixture_Wiki_talk');
    assert.equal(namespaces.canonicalName(5), 'Project talk');
    assert.equal(namespaces.canonicalName(0), '');
    assert.equal(namespaces.canonicalName(999), undefined);
    assert.equal(namespaces.nsText(999), '');
  });

  test('talk and subject namespaces pair up; Special and Media have no talk', () => {
    assert.equal(namespaces.isTalk(NS.TALK), true);
    assert.equal(namespaces.isTalk(NS.MAIN), false);
    assert.equal(namespaces.isTalk(NS.SPECIAL), false);
    assert.equal(namespaces.isSubject(NS.CATEGORY), true);
    assert.equal(namespaces.talkOf(NS.MAIN), NS.TALK);
    assert.equal(namespaces.talkOf(NS.USER_TALK), NS.USER_TALK);
    assert.equal(namespaces.talkOf(NS.MEDIA), null);
    assert.equal(namespaces.subjectOf(NS.PROJECT_TALK), NS.PROJECT);
    assert.equal(namespaces.subjectOf(NS.SPECIAL), NS.SPECIAL);
    assert.equal(namespaces.associatedOf(2300), 2301);
    assert.equal(namespaces.associatedOf(NS.SPECIAL), null);
    assert.equal(namespaces.hasTalkNamespace(NS.SPECIAL), false);
  });

  test('only the main namespace is content on the fixture', () => {
    assert.deepEqual(namespaces.all().filter((ns) => namespaces.isContent(ns.id)).map((ns) => ns.id), [0]);
  });

  test('subpages follow $wgNamespacesWithSubpages', () => {
    assert.equal(namespaces.hasSubpages(NS.MAIN), false);
    assert.equal(namespaces.hasSubpages(NS.USER), true);
    assert.equal(namespaces.hasSubpages(NS.FILE), false);
    assert.equal(namespaces.hasSubpages(NS.FILE_TALK), true);
  });

  test('capitalisation: Media follows File, talk follows subject, Gadget is case-sensitive', () => {
    assert.equal(namespaces.isCapitalized(NS.MEDIA), true);
    assert.equal(namespaces.isCapitalized(2301), false);
    assert.equal(namespaces.isCapitalized(2300), false);
    assert.equal(namespaces.isCapitalized(12345, false), false);
    const lower = new Namespaces(defaultNamespaces('P', { capitalLinks: false }).namespaces);
    assert.equal(lower.isCapitalized(NS.MEDIA), false);
    assert.equal(lower.isCapitalized(NS.USER_TALK), true);
  });

  test('all() is sorted by id', () => {
    const ids = namespaces.all().map((ns) => ns.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => a - b));
    assert.equal(ids.length, 22);
  });
});
