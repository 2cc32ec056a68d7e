// The typical requests bench/engine.ts times: [name, query string].
export const ENGINE_QUERIES: readonly [string, string][] = [
  ['titles=Mars', 'action=query&titles=Mars&format=json'],
  ['allpages default', 'action=query&list=allpages&format=json'],
  ['allpages 500 fv2', 'action=query&list=allpages&aplimit=500&format=json&formatversion=2'],
  ['categorymembers', 'action=query&list=categorymembers&cmtitle=Category:Planets&cmprop=ids|title|sortkey|timestamp&cmlimit=50&format=json'],
  ['backlinks', 'action=query&list=backlinks&bltitle=Mars&bllimit=50&format=json'],
  ['info+revisions content', 'action=query&prop=info|revisions&rvprop=ids|timestamp|user|comment|content&rvslots=main&titles=Mars|Earth&format=json&formatversion=2'],
  ['links+categories+templates', 'action=query&prop=links|categories|templates&titles=Earth&pllimit=max&format=json'],
  ['generator allpages+info', 'action=query&generator=allpages&gaplimit=50&prop=info&format=json'],
  ['siteinfo', 'action=query&meta=siteinfo&format=json'],
  ['error badinteger', 'action=query&list=allpages&aplimit=abc&format=json'],
  ['unrecognized param', 'action=query&titles=Mars&foo=bar&format=json&formatversion=2'],
];
