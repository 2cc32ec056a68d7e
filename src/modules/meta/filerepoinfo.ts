// meta=filerepoinfo: Return meta information about image repositories configured on the wiki.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, setType, type ResultObject } from '../../api/result.ts';

const params = {
  prop: {
    type: [
      'canUpload', 'displayname', 'favicon', 'initialCapital', 'local', 'name', 'rootUrl',
      'scriptDirUrl', 'thumbUrl', 'url',
    ],
    default: 'canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url',
    multi: true,
  },
} as const satisfies ParamDecls;

export const filerepoinfo = defineQueryModule({
  prefix: 'fri',
  classname: 'ApiQueryFileRepoInfo',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filerepoinfo'],
  params,
  execute: describeRepos,
});

/** The local repository only: the wiki has no foreign repositories. */
function describeRepos(run: QueryRun<typeof params>): void {
  const { site } = run.services;
  const wanted = new Set<string>(run.params.prop);
  // FileRepo::getInfo's fields, in its order, then canUpload ($wgEnableUploads).
  const info: [string, string | boolean][] = [
    ['name', 'local'],
    ['displayname', site.siteName],
    ['rootUrl', site.uploadPath],
    ['local', true],
    ['url', site.uploadPath],
    ['thumbUrl', `${site.uploadPath}/thumb`],
    ['initialCapital', site.capitalLinks],
    ['scriptDirUrl', site.scriptPath],
    ['favicon', site.favicon],
    ['canUpload', site.uploadsEnabled],
  ];
  const repo: ResultObject = {};
  setType(repo, 'assoc');
  for (const [key, value] of info) {
    if (!wanted.has(key)) continue;
    if (typeof value === 'boolean') setFlag(repo, key, value, false);
    else repo[key] = value;
  }
  run.setQueryValue('repos', setType(list('repo', [repo]), 'array'));
}
