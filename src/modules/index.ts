// The 66 query modules (list, prop, meta) and the ways to find one by group, name or path.
import { registerQueryModule, type QueryModule, type QueryModuleDefinition } from '../api/module.ts';
import type { ModuleGroup } from '../api/params/declaration.ts';
import { allcategories } from './list/allcategories.ts';
import { alldeletedrevisions } from './list/alldeletedrevisions.ts';
import { allfileusages } from './list/allfileusages.ts';
import { allimages } from './list/allimages.ts';
import { allinfoboxes } from './list/allinfoboxes.ts';
import { alllinks } from './list/alllinks.ts';
import { allpages } from './list/allpages.ts';
import { allredirects } from './list/allredirects.ts';
import { allrevisions } from './list/allrevisions.ts';
import { alltransclusions } from './list/alltransclusions.ts';
import { allusers } from './list/allusers.ts';
import { backlinks } from './list/backlinks.ts';
import { blocks } from './list/blocks.ts';
import { categorymembers } from './list/categorymembers.ts';
import { deletedrevs } from './list/deletedrevs.ts';
import { exturlusage } from './list/exturlusage.ts';
import { filearchive } from './list/filearchive.ts';
import { gadgetcategories } from './list/gadgetcategories.ts';
import { gadgets } from './list/gadgets.ts';
import { imageusage } from './list/imageusage.ts';
import { embeddedin } from './list/embeddedin.ts';
import { iwbacklinks } from './list/iwbacklinks.ts';
import { langbacklinks } from './list/langbacklinks.ts';
import { logevents } from './list/logevents.ts';
import { mystashedfiles } from './list/mystashedfiles.ts';
import { pagepropnames } from './list/pagepropnames.ts';
import { pageswithprop } from './list/pageswithprop.ts';
import { prefixsearch } from './list/prefixsearch.ts';
import { protectedtitles } from './list/protectedtitles.ts';
import { querypage } from './list/querypage.ts';
import { random } from './list/random.ts';
import { recentchanges } from './list/recentchanges.ts';
import { search } from './list/search.ts';
import { tags } from './list/tags.ts';
import { usercontribs } from './list/usercontribs.ts';
import { users } from './list/users.ts';
import { watchlist } from './list/watchlist.ts';
import { watchlistraw } from './list/watchlistraw.ts';
import { categories } from './prop/categories.ts';
import { categoryinfo } from './prop/categoryinfo.ts';
import { contributors } from './prop/contributors.ts';
import { deletedrevisions } from './prop/deletedrevisions.ts';
import { duplicatefiles } from './prop/duplicatefiles.ts';
import { extlinks } from './prop/extlinks.ts';
import { fileusage } from './prop/fileusage.ts';
import { imageinfo } from './prop/imageinfo.ts';
import { images } from './prop/images.ts';
import { info } from './prop/info.ts';
import { infobox } from './prop/infobox.ts';
import { iwlinks } from './prop/iwlinks.ts';
import { langlinks } from './prop/langlinks.ts';
import { links } from './prop/links.ts';
import { linkshere } from './prop/linkshere.ts';
import { pageprops } from './prop/pageprops.ts';
import { redirects } from './prop/redirects.ts';
import { references } from './prop/references.ts';
import { revisions } from './prop/revisions.ts';
import { stashimageinfo } from './prop/stashimageinfo.ts';
import { templates } from './prop/templates.ts';
import { transcludedin } from './prop/transcludedin.ts';
import { allmessages } from './meta/allmessages.ts';
import { authmanagerinfo } from './meta/authmanagerinfo.ts';
import { filerepoinfo } from './meta/filerepoinfo.ts';
import { siteinfo } from './meta/siteinfo.ts';
import { tokens } from './meta/tokens.ts';
import { userinfo } from './meta/userinfo.ts';

// Each group in MediaWiki's order (paraminfo and help list them so); a module's name is its key
// here and its file's name, its path `query+<name>`.
const list = {
  allcategories, alldeletedrevisions, allfileusages, allimages, allinfoboxes, alllinks, allpages,
  allredirects, allrevisions, alltransclusions, allusers, backlinks, blocks, categorymembers,
  deletedrevs, exturlusage, filearchive, gadgetcategories, gadgets, imageusage, embeddedin,
  iwbacklinks, langbacklinks, logevents, mystashedfiles, pagepropnames, pageswithprop, prefixsearch,
  protectedtitles, querypage, random, recentchanges, search, tags, usercontribs, users, watchlist,
  watchlistraw,
};
const prop = {
  categories, categoryinfo, contributors, deletedrevisions, duplicatefiles, extlinks, fileusage,
  imageinfo, images, info, infobox, iwlinks, langlinks, links, linkshere, pageprops, redirects,
  references, revisions, stashimageinfo, templates, transcludedin,
};
const meta = { allmessages, authmanagerinfo, filerepoinfo, siteinfo, tokens, userinfo };

function register(group: ModuleGroup, definitions: Readonly<Record<string, QueryModuleDefinition>>): QueryModule[] {
  return Object.entries(definitions).map(([name, definition]) => registerQueryModule(group, name, definition));
}

/** All query modules, grouped list, prop, meta, each group in MediaWiki's order. */
export const queryModules: readonly QueryModule[] = [...register('list', list), ...register('prop', prop), ...register('meta', meta)];

function byName(group: ModuleGroup): ReadonlyMap<string, QueryModule> {
  return new Map(queryModules.filter((m) => m.decl.group === group).map((m) => [m.decl.name, m]));
}

/** `queryModulesByGroup.list.get('allpages')`: what `list=allpages` runs. */
export const queryModulesByGroup: Readonly<Record<ModuleGroup, ReadonlyMap<string, QueryModule>>> = {
  list: byName('list'),
  prop: byName('prop'),
  meta: byName('meta'),
};

/** `query+allpages` -> the module; the paths paraminfo and `generator` use. */
export const queryModulesByPath: ReadonlyMap<string, QueryModule> = new Map(
  queryModules.map((m) => [m.decl.path, m]),
);

export function findQueryModule(group: ModuleGroup, name: string): QueryModule | undefined {
  return queryModulesByGroup[group].get(name);
}

/** Modules that can act as `generator=`, in the spec's order. */
export const generatorModules: readonly QueryModule[] = queryModules.filter((m) => m.decl.generator === true);
