// The fixture wiki's namespaces, interwiki prefixes and title codec, shared by the wiki rule tests.

import { Namespaces, defaultNamespaces } from '../../src/wiki/namespaces.ts';
import type { NamespaceInfo } from '../../src/wiki/site.ts';
import { TitleCodec } from '../../src/wiki/titles.ts';

/** The fixture's interwiki table (iw_prefix), as MediaWiki's installer and build-fixture.sh left it. */
export const FIXTURE_INTERWIKI_PREFIXES: ReadonlySet<string> = new Set(
  (
    'acronym advogato arxiv c2find cache commons de dictionary doi drumcorpswiki dwjwiki elibre ' +
    'emacswiki es fixturewiki foldoc foxwiki fr freebsdman gentoo-wiki google googlegroups ' +
    'hammondwiki hrwiki imdb ja kmwiki linuxwiki lojban lqwiki meatball mediawikiwiki memoryalpha ' +
    'metawiki metawikimedia mozillawiki mw oeis oldwiki openwiki pmid pythoninfo rfc s23wiki ' +
    'seattlewireless senseislibrary shoutwiki squeak theopedia tmbw tmnet twiki uncyclopedia unreal ' +
    'usemod wiki wikia wikibooks wikidata wikif1 wikihow wikimedia wikinews wikinfo wikipedia ' +
    'wikiquote wikisource wikispecies wikiversity wikivoyage wikt wiktionary'
  ).split(' '),
);

/** Namespaces the Gadgets extension adds (siteinfo on the reference). */
export const GADGET_NAMESPACES: NamespaceInfo[] = [
  { id: 2300, name: 'Gadget', canonical: 'Gadget', case: 'case-sensitive', subpages: false, content: false, nonincludable: false },
  { id: 2301, name: 'Gadget talk', canonical: 'Gadget talk', case: 'case-sensitive', subpages: false, content: false, nonincludable: false },
  {
    id: 2302, name: 'Gadget definition', canonical: 'Gadget definition', case: 'case-sensitive', subpages: false,
    content: false, nonincludable: false, defaultContentModel: 'GadgetDefinition',
  },
  { id: 2303, name: 'Gadget definition talk', canonical: 'Gadget definition talk', case: 'case-sensitive', subpages: false, content: false, nonincludable: false },
];

export function fixtureNamespaces(): Namespaces {
  const core = defaultNamespaces('Fixture_Wiki');
  return new Namespaces([...core.namespaces, ...GADGET_NAMESPACES], core.aliases);
}

export function fixtureTitleCodec(): TitleCodec {
  return new TitleCodec(fixtureNamespaces(), true, (prefix) => FIXTURE_INTERWIKI_PREFIXES.has(prefix));
}

export const FIXTURE_SITE = {
  server: 'http://127.0.0.1:8081',
  scriptPath: '/wiki',
  articlePath: '/wiki/index.php/$1',
} as const;
