// Which special pages exist and how their names are written (SpecialPageFactory aliases, Title::fixSpecialName).

import { ucfirst } from './titles.ts';

// Canonical names of the special pages MediaWiki 1.39 registers on the fixture (core + Gadgets).
const PAGE_NAMES =
  'BrokenRedirects Deadendpages DoubleRedirects Longpages Ancientpages Lonelypages ' +
  'Fewestrevisions Withoutinterwiki Protectedpages Protectedtitles Shortpages ' +
  'Uncategorizedcategories Uncategorizedimages Uncategorizedpages Uncategorizedtemplates ' +
  'Unusedcategories Unusedimages Unusedtemplates Unwatchedpages Wantedcategories Wantedfiles ' +
  'Wantedpages Wantedtemplates Allpages Prefixindex Categories Listredirects PagesWithProp ' +
  'TrackingCategories Userlogin Userlogout CreateAccount LinkAccounts UnlinkAccounts ' +
  'ChangeCredentials RemoveCredentials Activeusers Block Unblock BlockList AutoblockList ' +
  'ChangePassword BotPasswords PasswordReset DeletedContributions Preferences ResetTokens ' +
  'Contributions Listgrouprights Listgrants Listusers Listadmins Listbots Userrights ' +
  'EditWatchlist PasswordPolicies Newimages Log Watchlist Newpages Recentchanges ' +
  'Recentchangeslinked Tags Listfiles Filepath MediaStatistics MIMEsearch FileDuplicateSearch ' +
  'Upload UploadStash ListDuplicatedFiles ApiSandbox Statistics Allmessages Version Lockdb ' +
  'Unlockdb LinkSearch Randompage RandomInCategory Randomredirect Randomrootpage GoToInterwiki ' +
  'Mostlinkedcategories Mostimages Mostinterwikis Mostlinked Mostlinkedtemplates Mostcategories ' +
  'Mostrevisions ComparePages Export Import Undelete Whatlinkshere MergeHistory ExpandTemplates ' +
  'ChangeContentModel Booksources ApiHelp Blankpage DeletePage Diff EditPage EditTags Emailuser ' +
  'Movepage Mycontributions MyLanguage Mypage Mytalk PageHistory PageInfo ProtectPage Purge ' +
  'Myuploads AllMyUploads NewSection PermanentLink Redirect Revisiondelete RunJobs Specialpages ' +
  'PageData Search Confirmemail Invalidateemail ChangeEmail Gadgets GadgetUsage';

// SpecialPageFactory::getAliasList() for English: case-folded alias -> canonical name.
const ALIASES =
  'BROKENREDIRECTS BrokenRedirects,DEADENDPAGES Deadendpages,DOUBLEREDIRECTS DoubleRedirects,' +
  'LONGPAGES Longpages,ANCIENTPAGES Ancientpages,LONELYPAGES Lonelypages,' +
  'FEWESTREVISIONS Fewestrevisions,WITHOUTINTERWIKI Withoutinterwiki,' +
  'PROTECTEDPAGES Protectedpages,PROTECTEDTITLES Protectedtitles,SHORTPAGES Shortpages,' +
  'UNCATEGORIZEDCATEGORIES Uncategorizedcategories,UNCATEGORIZEDIMAGES Uncategorizedimages,' +
  'UNCATEGORIZEDPAGES Uncategorizedpages,UNCATEGORIZEDTEMPLATES Uncategorizedtemplates,' +
  'UNUSEDCATEGORIES Unusedcategories,UNUSEDIMAGES Unusedimages,UNUSEDTEMPLATES Unusedtemplates,' +
  'UNWATCHEDPAGES Unwatchedpages,WANTEDCATEGORIES Wantedcategories,WANTEDFILES Wantedfiles,' +
  'WANTEDPAGES Wantedpages,WANTEDTEMPLATES Wantedtemplates,ALLPAGES Allpages,' +
  'PREFIXINDEX Prefixindex,CATEGORIES Categories,LISTREDIRECTS Listredirects,' +
  'PAGESWITHPROP PagesWithProp,TRACKINGCATEGORIES TrackingCategories,USERLOGIN Userlogin,' +
  'USERLOGOUT Userlogout,CREATEACCOUNT CreateAccount,LINKACCOUNTS LinkAccounts,' +
  'UNLINKACCOUNTS UnlinkAccounts,CHANGECREDENTIALS ChangeCredentials,' +
  'REMOVECREDENTIALS RemoveCredentials,ACTIVEUSERS Activeusers,BLOCK Block,UNBLOCK Unblock,' +
  'BLOCKLIST BlockList,AUTOBLOCKLIST AutoblockList,CHANGEPASSWORD ChangePassword,' +
  'BOTPASSWORDS BotPasswords,PASSWORDRESET PasswordReset,' +
  'DELETEDCONTRIBUTIONS DeletedContributions,PREFERENCES Preferences,RESETTOKENS ResetTokens,' +
  'CONTRIBUTIONS Contributions,LISTGROUPRIGHTS Listgrouprights,LISTGRANTS Listgrants,' +
  'LISTUSERS Listusers,LISTADMINS Listadmins,LISTBOTS Listbots,USERRIGHTS Userrights,' +
  'EDITWATCHLIST EditWatchlist,PASSWORDPOLICIES PasswordPolicies,NEWIMAGES Newimages,LOG Log,' +
  'WATCHLIST Watchlist,NEWPAGES Newpages,RECENTCHANGES Recentchanges,' +
  'RECENTCHANGESLINKED Recentchangeslinked,TAGS Tags,LISTFILES Listfiles,FILEPATH Filepath,' +
  'MEDIASTATISTICS MediaStatistics,MIMESEARCH MIMEsearch,FILEDUPLICATESEARCH FileDuplicateSearch,' +
  'UPLOAD Upload,UPLOADSTASH UploadStash,LISTDUPLICATEDFILES ListDuplicatedFiles,' +
  'APISANDBOX ApiSandbox,STATISTICS Statistics,ALLMESSAGES Allmessages,VERSION Version,' +
  'LOCKDB Lockdb,UNLOCKDB Unlockdb,LINKSEARCH LinkSearch,RANDOMPAGE Randompage,' +
  'RANDOMINCATEGORY RandomInCategory,RANDOMREDIRECT Randomredirect,RANDOMROOTPAGE Randomrootpage,' +
  'GOTOINTERWIKI GoToInterwiki,MOSTLINKEDCATEGORIES Mostlinkedcategories,MOSTIMAGES Mostimages,' +
  'MOSTINTERWIKIS Mostinterwikis,MOSTLINKED Mostlinked,MOSTLINKEDTEMPLATES Mostlinkedtemplates,' +
  'MOSTCATEGORIES Mostcategories,MOSTREVISIONS Mostrevisions,COMPAREPAGES ComparePages,' +
  'EXPORT Export,IMPORT Import,UNDELETE Undelete,WHATLINKSHERE Whatlinkshere,' +
  'MERGEHISTORY MergeHistory,EXPANDTEMPLATES ExpandTemplates,' +
  'CHANGECONTENTMODEL ChangeContentModel,BOOKSOURCES Booksources,APIHELP ApiHelp,' +
  'BLANKPAGE Blankpage,DELETEPAGE DeletePage,DIFF Diff,EDITPAGE EditPage,EDITTAGS EditTags,' +
  'EMAILUSER Emailuser,MOVEPAGE Movepage,MYCONTRIBUTIONS Mycontributions,MYLANGUAGE MyLanguage,' +
  'MYPAGE Mypage,MYTALK Mytalk,PAGEHISTORY PageHistory,PAGEINFO PageInfo,PROTECTPAGE ProtectPage,' +
  'PURGE Purge,MYUPLOADS Myuploads,ALLMYUPLOADS AllMyUploads,NEWSECTION NewSection,' +
  'PERMANENTLINK PermanentLink,REDIRECT Redirect,REVISIONDELETE Revisiondelete,RUNJOBS RunJobs,' +
  'SPECIALPAGES Specialpages,PAGEDATA PageData,SEARCH Search,CONFIRMEMAIL Confirmemail,' +
  'INVALIDATEEMAIL Invalidateemail,CHANGEEMAIL ChangeEmail,GADGETS Gadgets,' +
  'GADGETUSAGE GadgetUsage,ALLMYFILES AllMyUploads,LISTAUTOBLOCKS AutoblockList,' +
  'BADTITLE Badtitle,BLOCKIP Block,BLOCKUSER Block,LISTBLOCKS BlockList,IPBLOCKLIST BlockList,' +
  'RESETPASS ChangePassword,RESETPASSWORD ChangePassword,CONTRIBS Contributions,' +
  'DELETE DeletePage,EDIT EditPage,EMAIL Emailuser,JAVASCRIPTTEST JavaScriptTest,' +
  'LISTFILEDUPLICATES ListDuplicatedFiles,FILELIST Listfiles,IMAGELIST Listfiles,' +
  'USERGROUPRIGHTS Listgrouprights,USERLIST Listusers,USERS Listusers,LOGS Log,' +
  'ORPHANEDPAGES Lonelypages,MOSTLINKEDFILES Mostimages,MOSTFILES Mostimages,' +
  'MOSTLINKEDPAGES Mostlinked,MOSTUSEDCATEGORIES Mostlinkedcategories,' +
  'MOSTTRANSCLUDEDPAGES Mostlinkedtemplates,MOSTUSEDTEMPLATES Mostlinkedtemplates,MUTE Mute,' +
  'MYCONTRIBS Mycontributions,MYFILES Myuploads,NEWFILES Newimages,HISTORY PageHistory,' +
  'INFO PageInfo,PAGELANGUAGE PageLanguage,PAGESBYPROP PagesWithProp,PERMALINK PermanentLink,' +
  'PROTECT ProtectPage,RANDOM Randompage,RELATEDCHANGES Recentchangeslinked,STATS Statistics,' +
  'UNCATEGORIZEDFILES Uncategorizedimages,UNUSEDFILES Unusedimages,LOGIN Userlogin,' +
  'LOGOUT Userlogout,MAKESYSOP Userrights,MAKEBOT Userrights,BROKENLINKS Wantedpages';

// Canonical name -> the name MediaWiki writes (first English alias), where they differ.
const LOCAL_NAMES =
  'Deadendpages DeadendPages,Longpages LongPages,Ancientpages AncientPages,' +
  'Lonelypages LonelyPages,Fewestrevisions FewestRevisions,Withoutinterwiki WithoutInterwiki,' +
  'Protectedpages ProtectedPages,Protectedtitles ProtectedTitles,Shortpages ShortPages,' +
  'Uncategorizedcategories UncategorizedCategories,Uncategorizedimages UncategorizedFiles,' +
  'Uncategorizedpages UncategorizedPages,Uncategorizedtemplates UncategorizedTemplates,' +
  'Unusedcategories UnusedCategories,Unusedimages UnusedFiles,Unusedtemplates UnusedTemplates,' +
  'Unwatchedpages UnwatchedPages,Wantedcategories WantedCategories,Wantedfiles WantedFiles,' +
  'Wantedpages WantedPages,Wantedtemplates WantedTemplates,Allpages AllPages,' +
  'Prefixindex PrefixIndex,Listredirects ListRedirects,Userlogin UserLogin,Userlogout UserLogout,' +
  'Activeusers ActiveUsers,Listgrouprights ListGroupRights,Listgrants ListGrants,' +
  'Listusers ListUsers,Listadmins ListAdmins,Listbots ListBots,Userrights UserRights,' +
  'Newimages NewFiles,Newpages NewPages,Recentchanges RecentChanges,' +
  'Recentchangeslinked RecentChangesLinked,Listfiles ListFiles,Filepath FilePath,' +
  'MIMEsearch MIMESearch,Allmessages AllMessages,Lockdb LockDB,Unlockdb UnlockDB,' +
  'Randompage Random,Randomredirect RandomRedirect,Randomrootpage RandomRootpage,' +
  'Mostlinkedcategories MostLinkedCategories,Mostimages MostLinkedFiles,' +
  'Mostinterwikis MostInterwikis,Mostlinked MostLinkedPages,' +
  'Mostlinkedtemplates MostTranscludedPages,Mostcategories MostCategories,' +
  'Mostrevisions MostRevisions,Whatlinkshere WhatLinksHere,Booksources BookSources,' +
  'Blankpage BlankPage,Emailuser EmailUser,Movepage MovePage,Mycontributions MyContributions,' +
  'Mypage MyPage,Mytalk MyTalk,Myuploads MyUploads,Revisiondelete RevisionDelete,' +
  'Specialpages SpecialPages,Confirmemail ConfirmEmail,Invalidateemail InvalidateEmail';

function pairs(data: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of data.split(',')) {
    const space = entry.indexOf(' ');
    map.set(entry.slice(0, space), entry.slice(space + 1));
  }
  return map;
}

export interface SpecialPageData {
  /** Canonical names of the registered special pages. */
  names: readonly string[];
  /** Case-folded (upper-cased, underscores) alias -> canonical name. */
  aliases: ReadonlyMap<string, string>;
  /** Canonical name -> local name, where they differ. */
  localNames: ReadonlyMap<string, string>;
}

/** The special pages of a MediaWiki 1.39 wiki in English with the Gadgets extension (the fixture). */
export function defaultSpecialPageData(): SpecialPageData {
  return { names: PAGE_NAMES.split(' '), aliases: pairs(ALIASES), localNames: pairs(LOCAL_NAMES) };
}

export class SpecialPages {
  private readonly registered: ReadonlySet<string>;

  constructor(private readonly data: SpecialPageData = defaultSpecialPageData()) {
    this.registered = new Set(data.names);
  }

  /** SpecialPageFactory::resolveAlias: `recentchanges/x` -> { name: 'Recentchanges', subpage: 'x' }. */
  resolve(dbKey: string): { name: string; subpage: string | null } | null {
    const slash = dbKey.indexOf('/');
    const alias = slash === -1 ? dbKey : dbKey.slice(0, slash);
    const name = this.data.aliases.get(alias.toUpperCase().replaceAll(' ', '_'));
    if (name === undefined) return null;
    return { name, subpage: slash === -1 ? null : dbKey.slice(slash + 1) };
  }

  /** SpecialPageFactory::exists: the name (or an alias of it) is a registered special page. */
  exists(dbKey: string): boolean {
    const resolved = this.resolve(dbKey);
    return resolved !== null && this.registered.has(resolved.name);
  }

  /** SpecialPageFactory::getLocalNameFor: `Recentchanges` + `x` -> `RecentChanges/x`. */
  localName(canonical: string, subpage: string | null = null): string {
    const name = this.data.localNames.get(canonical) ?? canonical;
    const full = subpage === null ? name : `${name}/${subpage.replaceAll(' ', '_')}`;
    return ucfirst(full);
  }

  /**
   * Title::fixSpecialName: the DB key of a Special: title written with the page's local name
   * (`recentchanges` -> `RecentChanges`, `Random/x` stays); unknown names stay as they are.
   */
  fixName(dbKey: string): string {
    const resolved = this.resolve(dbKey);
    return resolved === null ? dbKey : this.localName(resolved.name, resolved.subpage);
  }
}
