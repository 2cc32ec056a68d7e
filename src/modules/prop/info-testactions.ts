// prop=info&intestactions: whether the caller may do an action on a page, with MediaWiki's
// PermissionManager checks (rights, namespace and site/user config protection, page, cascading
// and title protections, the caller's block) and its error messages as `testactionsdetail=full|quick`
// lists them.
import { armorFrenchSpaces, messageText, msg, toWikitext } from '../../api/i18n/messages.ts';
import type { EffectiveBlock } from '../../wiki/blocks.ts';
import { NS } from '../../wiki/namespaces.ts';
import { groupPermissions } from '../../wiki/rights.ts';
import type { SiteConfig } from '../../wiki/site.ts';
import type { TitleCodec } from '../../wiki/titles.ts';
import { namespaceProtection } from '../../wiki/site-facts.ts';
import type { SpecialPages } from '../../wiki/special-pages.ts';
import { articleUrl } from '../../wiki/urls.ts';

/** What the checks need to know about one page. */
export interface PermissionPage {
  /** 0 for a missing page. */
  pageId: number;
  ns: number;
  dbKey: string;
  exists: boolean;
  contentModel: string;
  /** Unexpired restrictions by action (`edit` -> [`autoconfirmed`]). */
  restrictions: ReadonlyMap<string, readonly string[]>;
  /** Whether one of the page's own restrictions cascades. */
  cascading: boolean;
  /** Pages whose cascading protection reaches this one, and what they restrict. */
  cascadeSources: readonly string[];
  cascadeRestrictions: ReadonlyMap<string, readonly string[]>;
  /** protected_titles row of a missing page. */
  titleProtection: { permission: string; user: string; reason: string } | null;
}

export interface PermissionCaller {
  name: string;
  isAnonymous: boolean;
  rights: ReadonlySet<string>;
}

export interface PermissionContext {
  site: SiteConfig;
  titles: TitleCodec;
  caller: PermissionCaller;
  /** The caller's block (BlockManager::getUserBlock), with a partial block's restrictions. */
  block: EffectiveBlock | null;
  /** The request's uselang, in which group names are listed (English when not given). */
  userLanguage?: string;
}

/** A permission error: a core message key and its parameters. */
export interface PermissionError {
  key: string;
  params: (string | number)[];
  /** The block of a block error (`blockinfo` in its data). */
  block?: EffectiveBlock;
}

type Rigor = 'quick' | 'full';

const RAW_HTML_MESSAGES = ['copyright', 'history_copyright', 'googlesearch', 'youhavenewmessagesmanyusers', 'youhavenewmessages'];
const EXTENSION_RAW_HTML_MESSAGES: Record<string, readonly string[]> = { Gadgets: ['gadgets-definition'] };

const SKIP_USER_CONFIG = new Set(['patrol', 'delete', 'deleterevision', 'suppressrevision', 'deletedhistory', 'deletedtext', 'viewsuppressed']);

/** PermissionManager::getPermissionErrorsInternal for the caller. */
export function permissionErrors(ctx: PermissionContext, action: string, page: PermissionPage, rigor: Rigor, short = false): PermissionError[] {
  let checks: ((errors: PermissionError[]) => PermissionError[])[];
  const c = new Checks(ctx, action, page, rigor, short);
  if (action === 'read') {
    checks = [(e) => c.read(e), (e) => c.userBlock(e)];
  } else if (action === 'create') {
    checks = [(e) => c.quick(e), (e) => c.pageRestrictions(e), (e) => c.cascadingSources(e), (e) => c.actionPermissions(e), (e) => c.userBlock(e)];
  } else {
    checks = [
      (e) => c.quick(e),
      (e) => c.specialsAndNamespaces(e),
      (e) => c.siteConfig(e),
      ...(SKIP_USER_CONFIG.has(action) ? [] : [(e: PermissionError[]) => c.userConfig(e)]),
      (e) => c.pageRestrictions(e),
      (e) => c.cascadingSources(e),
      (e) => c.actionPermissions(e),
      (e) => c.userBlock(e),
    ];
  }
  let errors: PermissionError[] = [];
  for (const check of checks) {
    errors = check(errors);
    if (short && errors.length) break;
  }
  return errors;
}

class Checks {
  private readonly rights: ReadonlySet<string>;

  constructor(
    private readonly ctx: PermissionContext,
    private readonly action: string,
    private readonly page: PermissionPage,
    private readonly rigor: Rigor,
    private readonly short: boolean,
  ) {
    this.rights = ctx.caller.rights;
  }

  private has(right: string): boolean {
    return this.rights.has(right);
  }

  private get text(): string {
    return this.page.dbKey.replace(/_/g, ' ');
  }

  private isSubpage(): boolean {
    return this.ctx.titles.namespaces.hasSubpages(this.page.ns) && this.text.includes('/');
  }

  read(errors: PermissionError[]): PermissionError[] {
    if (!this.has('read')) errors.push(this.missingPermission(this.action));
    return errors;
  }

  quick(errors: PermissionError[]): PermissionError[] {
    const { ns } = this.page;
    const namespaces = this.ctx.titles.namespaces;
    if (this.action === 'create') {
      const right = namespaces.isTalk(ns) ? 'createtalk' : 'createpage';
      if (!this.has(right)) errors.push({ key: this.ctx.caller.isAnonymous ? 'nocreatetext' : 'nocreate-loggedin', params: [] });
    } else if (this.action === 'move') {
      if (!this.has('move-rootuserpages') && ns === NS.USER && !this.isSubpage()) errors.push({ key: 'cant-move-user-page', params: [] });
      if (ns === NS.FILE && !this.has('movefile')) errors.push({ key: 'movenotallowedfile', params: [] });
      if (ns === NS.CATEGORY && !this.has('move-categorypages')) errors.push({ key: 'cant-move-category-page', params: [] });
      if (!this.has('move')) {
        const groups = this.ctx.site.groups;
        const loggedInCanMove = ['user', 'named', 'autoconfirmed'].some((g) => groups[g]?.rights.includes('move'));
        errors.push({ key: this.ctx.caller.isAnonymous && loggedInCanMove ? 'movenologintext' : 'movenotallowed', params: [] });
      }
    } else if (this.action === 'move-target') {
      if (!this.has('move')) errors.push({ key: 'movenotallowed', params: [] });
      else if (!this.has('move-rootuserpages') && ns === NS.USER && !this.isSubpage()) errors.push({ key: 'cant-move-to-user-page', params: [] });
      else if (!this.has('move-categorypages') && ns === NS.CATEGORY) errors.push({ key: 'cant-move-to-category-page', params: [] });
    } else if (!this.has(this.action)) {
      errors.push(this.missingPermission(this.action));
    }
    return errors;
  }

  /** User::newFatalPermissionDeniedStatus: which groups have the right. */
  private missingPermission(action: string): PermissionError {
    if (this.short) return { key: 'badaccess-group0', params: [] };
    const groups = Object.entries(this.ctx.site.groups)
      .filter(([, g]) => g.rights.includes(action))
      .map(([name]) => groupLink(name, this.ctx.site, this.ctx.userLanguage ?? 'en'));
    if (!groups.length) return { key: 'badaccess-group0', params: [] };
    // The groups are one parameter, listed in the user's language whatever the error's language.
    return { key: 'badaccess-groups', params: [groups.join(commaSeparator(this.ctx.userLanguage ?? 'en')), groups.length] };
  }

  specialsAndNamespaces(errors: PermissionError[]): PermissionError[] {
    const { ns } = this.page;
    if (ns === NS.SPECIAL && this.action !== 'createaccount') errors.push({ key: 'ns-specialprotected', params: [] });
    const needed = namespaceProtection(this.ctx.site).get(ns);
    if (needed && !needed.every((r) => this.has(r))) {
      if (ns === NS.MEDIAWIKI) errors.push({ key: 'protectedinterface', params: [this.action] });
      else errors.push({ key: 'namespaceprotected', params: [ns === NS.MAIN ? 'Page' : this.ctx.titles.namespaces.nsText(ns), this.action] });
    }
    return errors;
  }

  siteConfig(errors: PermissionError[]): PermissionError[] {
    if (['patrol', 'deletedhistory', 'deletedtext', 'viewsuppressed'].includes(this.action)) return errors;
    if (this.page.ns !== NS.MEDIAWIKI) return errors;
    const model = this.page.contentModel;
    if (model === 'css' && !this.has('editsitecss')) errors.push({ key: 'sitecssprotected', params: [this.action] });
    else if (model === 'json' && !this.has('editsitejson')) errors.push({ key: 'sitejsonprotected', params: [this.action] });
    else if (model === 'javascript' && !this.has('editsitejs')) errors.push({ key: 'sitejsprotected', params: [this.action] });
    if (this.isRawHtmlMessage() && !(this.has('editsitecss') && this.has('editsitejs'))) {
      errors.push({ key: 'siterawhtmlprotected', params: [this.action] });
    }
    return errors;
  }

  /** Title::isRawHtmlMessage: $wgRawHtmlMessages, with what loaded extensions add. */
  private isRawHtmlMessage(): boolean {
    const root = this.page.dbKey.split('/')[0]!;
    const message = root.charAt(0).toLowerCase() + root.slice(1);
    const extensions = this.ctx.site.extensions;
    const raw = [...RAW_HTML_MESSAGES, ...extensions.flatMap((e) => EXTENSION_RAW_HTML_MESSAGES[e] ?? [])];
    return raw.includes(message);
  }

  userConfig(errors: PermissionError[]): PermissionError[] {
    const { ns, contentModel: model } = this.page;
    if (ns !== NS.USER || !this.isSubpage() || !['css', 'json', 'javascript'].includes(model)) return errors;
    const own = this.text.startsWith(`${this.ctx.caller.name}/`);
    const kind = model === 'javascript' ? 'js' : model;
    if (own) {
      if (!this.has(`editmyuser${kind}`) && !this.has(`edituser${kind}`)) errors.push({ key: `mycustom${kind}protected`, params: [this.action] });
    } else if (!this.has(`edituser${kind}`)) {
      errors.push({ key: `custom${kind}protected`, params: [this.action] });
    }
    return errors;
  }

  pageRestrictions(errors: PermissionError[], action = this.action): PermissionError[] {
    for (const level of this.page.restrictions.get(action) ?? []) {
      const right = rightOfLevel(level);
      if (right === '') continue;
      if (!this.has(right)) errors.push({ key: 'protectedpagetext', params: [right, action] });
      else if (this.page.cascading && !this.has('protect')) errors.push({ key: 'protectedpagetext', params: ['protect', action] });
    }
    return errors;
  }

  cascadingSources(errors: PermissionError[], action = this.action): PermissionError[] {
    if (this.rigor === 'quick' || this.isUserConfigPage()) return errors;
    for (const level of this.page.cascadeRestrictions.get(action) ?? []) {
      const right = rightOfLevel(level);
      if (right !== '' && !(this.has('protect') && this.has(right))) {
        const list = this.page.cascadeSources.map((s) => `* [[:${s}]]\n`).join('');
        errors.push({ key: 'cascadeprotected', params: [this.page.cascadeSources.length, list, action] });
      }
    }
    return errors;
  }

  private isUserConfigPage(): boolean {
    return this.page.ns === NS.USER && this.isSubpage() && ['css', 'json', 'javascript'].includes(this.page.contentModel);
  }

  actionPermissions(errors: PermissionError[]): PermissionError[] {
    const { action, page } = this;
    const others = (a: string) => permissionErrors(this.ctx, a, page, this.rigor, true);
    if (action === 'protect') {
      if (others('edit').length) errors.push({ key: 'protect-cantedit', params: [] });
    } else if (action === 'create') {
      const protection = page.titleProtection;
      if (protection && (protection.permission === '' || !this.has(protection.permission))) {
        errors.push({ key: 'titleprotected', params: [protection.user, protection.reason] });
      }
    } else if (action === 'move' || action === 'move-target') {
      const movable = this.ctx.titles.namespaces.isMovable(page.ns);
      if (!movable) {
        const nsText = page.ns === NS.MAIN ? '(Main)' : this.ctx.titles.namespaces.nsText(page.ns);
        errors.push({ key: action === 'move' ? 'immobile-source-namespace' : 'immobile-target-namespace', params: [nsText] });
      }
    } else if (action === 'delete' || action === 'delete-redirect') {
      let temp = this.pageRestrictions([], 'edit');
      if (!temp.length) temp = this.cascadingSources([], 'edit');
      if (temp.length) errors.push({ key: 'deleteprotected', params: [] });
    } else if (action === 'undelete') {
      if (others('edit').length) errors.push({ key: 'undelete-cantedit', params: [] });
      if (!page.exists && others('create').length) errors.push({ key: 'undelete-cantcreate', params: [] });
    } else if (action === 'edit') {
      if (!page.exists) errors.push(...others('create'));
    }
    return errors;
  }

  /**
   * PermissionManager::checkUserBlock: a block that may apply to the action (AbstractBlock::
   * appliesToRight) refuses it on the pages it applies to, unless the action needs no unblock
   * (purge). Not checked quickly.
   */
  userBlock(errors: PermissionError[]): PermissionError[] {
    const { block, site } = this.ctx;
    if (this.rigor === 'quick' || this.action === 'unblock') return errors;
    if (this.action === 'read' && site.blockDisablesLogin !== true) return errors;
    if (!block || blockAppliesToRight(block, this.action, site) === false) return errors;
    if (ACTIONS_WITHOUT_UNBLOCK.has(this.action)) return errors;
    if (isBlockedFrom(block, this.page, this.ctx.caller.name)) errors.push({ key: blockMessageKey(block), params: [], block });
    return errors;
  }
}

/** Actions whose Action class says they do not require an unblocked user (Action::requiresUnblock). */
const ACTIONS_WITHOUT_UNBLOCK = new Set(['purge']);

/**
 * AbstractBlock::appliesToRight: true or false where the block decides, null where it does not
 * (then the pages it applies to decide). A composite block applies when one of its blocks does.
 */
export function blockAppliesToRight(block: EffectiveBlock, right: string, site: SiteConfig): boolean | null {
  if (block.originals) {
    const answers = block.originals.map((b) => blockAppliesToRight(b, right, site));
    if (answers.includes(true)) return true;
    return answers.includes(null) ? null : false;
  }
  let applies: boolean | null = null;
  if (right === 'createaccount' || right === 'autocreateaccount') applies = block.createAccountBlocked;
  else if (right === 'sendemail') applies = block.emailBlocked;
  else if (right === 'upload') applies = block.sitewide;
  else if (right === 'read' || right === 'purge') applies = false;
  // A block that disables login refuses whatever anonymous callers may not do.
  if (!applies && site.blockDisablesLogin === true && !groupPermissions(site, ['*']).includes(right)) applies = true;
  return applies;
}

/**
 * PermissionManager::isBlockedFrom: a user whose name the block hides is blocked everywhere; the
 * caller's own talk page as AbstractBlock::appliesToUsertalk says; other pages when the block is
 * sitewide or one of a partial block's pages or namespaces.
 */
export function isBlockedFrom(block: EffectiveBlock, page: PermissionPage, callerName: string): boolean {
  if (block.hiddenName) return true;
  const blocks = block.originals ?? [block];
  const ownTalk = page.ns === NS.USER_TALK && page.dbKey === callerName.replace(/ /g, '_');
  return blocks.some((b) => (ownTalk && b.sitewide ? !b.allowUsertalk : appliesToPage(b, page)));
}

function appliesToPage(block: EffectiveBlock, page: PermissionPage): boolean {
  if (block.sitewide) return true;
  const restrictions = block.restrictions;
  if (!restrictions) return false;
  return (page.exists && restrictions.pageIds.includes(page.pageId)) || restrictions.namespaces.includes(page.ns);
}

/** BlockErrorFormatter's message, as ApiBlockInfoTrait turns it into an API message. */
function blockMessageKey(block: EffectiveBlock): string {
  if (block.originals) return 'apierror-blocked';
  if (block.type === 'auto') return 'apierror-autoblocked';
  return block.sitewide ? 'apierror-blocked' : 'apierror-blocked-partial';
}

/** Protection levels name rights by their old names. */
function rightOfLevel(level: string): string {
  if (level === 'sysop') return 'editprotected';
  if (level === 'autoconfirmed') return 'editsemiprotected';
  return level;
}

const GROUP_NAMES: Record<string, string> = {
  user: 'Users',
  named: 'Registered users',
  autoconfirmed: 'Autoconfirmed users',
  bot: 'Bots',
  sysop: 'Administrators',
  'interface-admin': 'Interface administrators',
  bureaucrat: 'Bureaucrats',
  suppress: 'Suppressors',
  // There is no group-*-member message: the group's name stands.
  '*': '*',
};
const GROUP_PAGES: Record<string, string> = {
  user: 'Users',
  named: 'Registered users',
  autoconfirmed: 'Autoconfirmed users',
  bot: 'Bots',
  sysop: 'Administrators',
  'interface-admin': 'Interface administrators',
  bureaucrat: 'Bureaucrats',
  suppress: 'Suppress',
};

/** Language::commaList's separator. */
function commaSeparator(lang: string): string {
  return lang === 'en' ? ', ' : toWikitext(msg('comma-separator'), lang).replace(/&#32;/g, ' ');
}

/** UserGroupMembership::getGroupName in `lang`: its group-* message, else the group's own name (qqx names the key). */
function groupName(group: string, lang: string): string {
  if (lang === 'qqx') return `(group-${group})`;
  const english = GROUP_NAMES[group];
  if (english === undefined || group === '*') return english ?? group;
  return lang === 'en' ? english : messageText(`group-${group}`, lang);
}

/** UserGroupMembership::getLink in wikitext: the group's page (the content language's) when it has one. */
function groupLink(group: string, site: SiteConfig, lang: string): string {
  const name = groupName(group, lang);
  const page = GROUP_PAGES[group];
  return page ? `[[${site.metaNamespace.replace(/_/g, ' ')}:${page}|${name}]]` : name;
}

// ---------------------------------------------------------------------------------------------
// Messages

const TEXTS: Record<string, string> = {
  protectedpagetext: 'This page has been protected to prevent editing or other actions.',
  cascadeprotected:
    'This page has been protected from editing because it is transcluded in the following {{PLURAL:$1|page, which is|pages, which are}} protected with the "cascading" option turned on:\n$2',
  titleprotected: 'This title has been protected from creation by [[User:$1|$1]].\nThe reason given is <em>$2</em>.',
  movenologintext: 'You must be a registered user and [[Special:UserLogin|logged in]] to move a page.',
  'badaccess-groups': 'The action you have requested is limited to users in {{PLURAL:$2|the group|one of the groups}}: $1.',
  'badaccess-group0': 'You are not allowed to execute the action you have requested.',
  nocreatetext:
    '{{SITENAME}} has restricted the ability to create new pages.\nYou can go back and edit an existing page, or [[Special:UserLogin|log in or create an account]].',
  'nocreate-loggedin': 'You do not have permission to create new pages.',
  protectedinterface:
    'This page provides interface text for the software on this wiki, and is protected to prevent abuse.\nTo add or change translations for all wikis, please use [https://translatewiki.net/ translatewiki.net], the MediaWiki localisation project.',
  sitecssprotected: 'You do not have permission to edit this CSS page because it may affect all visitors.',
  sitejsonprotected: 'You do not have permission to edit this JSON page because it may affect all visitors.',
  sitejsprotected: 'You do not have permission to edit this JavaScript page because it may affect all visitors.',
  customcssprotected: "You do not have permission to edit this CSS page because it contains another user's personal settings.",
  customjsonprotected: "You do not have permission to edit this JSON page because it contains another user's personal settings.",
  customjsprotected: "You do not have permission to edit this JavaScript page because it contains another user's personal settings.",
  mycustomcssprotected: 'You do not have permission to edit this CSS page.',
  mycustomjsonprotected: 'You do not have permission to edit this JSON page.',
  mycustomjsprotected: 'You do not have permission to edit this JavaScript page.',
  namespaceprotected: 'You do not have permission to edit pages in the <strong>$1</strong> namespace.',
  'ns-specialprotected': 'Special pages cannot be edited.',
  movenotallowed: 'You do not have permission to move pages.',
  'cant-move-user-page': 'You do not have permission to move user pages (apart from subpages).',
  'cant-move-to-user-page': 'You do not have permission to move a page to a user page (except to a user subpage).',
  'cant-move-category-page': 'You do not have permission to move category pages.',
  'cant-move-to-category-page': 'You do not have permission to move a page to a category page.',
  movenotallowedfile: 'You do not have permission to move files.',
  'immobile-source-namespace': 'Cannot move pages in namespace "$1".',
  'immobile-target-namespace': 'Cannot move pages into namespace "$1".',
  deleteprotected: 'You cannot delete this page because it has been protected.',
  'apierror-blocked': 'You have been blocked from editing.',
  'apierror-blocked-partial': 'You have been blocked from editing this page.',
  'apierror-autoblocked': 'Your IP address has been blocked automatically, because it was used by a blocked user.',
  'protect-cantedit': 'You cannot change the protection settings of this page because you do not have permission to edit it.',
  'undelete-cantedit': 'You cannot undelete this page as you are not allowed to edit this page.',
  siterawhtmlprotected:
    'You do not have permission to edit this page because it contains raw HTML which can be modified to affect all visitors.',
  'undelete-cantcreate':
    'You cannot undelete this page as there is no existing page with this name and you are not allowed to create this page.',
};

/** ApiMessageTrait::$messageMap: the API codes of core permission messages. */
const CODES: Record<string, string> = {
  'apierror-autoblocked': 'autoblocked',
  'apierror-blocked': 'blocked',
  'apierror-blocked-partial': 'blocked',
  'badaccess-group0': 'permissiondenied',
  'badaccess-groups': 'permissiondenied',
  deleteprotected: 'cantedit',
  movenologintext: 'cantmove-anon',
  movenotallowed: 'cantmove',
  movenotallowedfile: 'cantmovefile',
  namespaceprotected: 'protectednamespace',
  nocreatetext: 'cantcreate-anon',
  'nocreate-loggedin': 'cantcreate',
  'ns-specialprotected': 'unsupportednamespace',
  'protect-cantedit': 'cantedit',
  protectedinterface: 'protectednamespace-interface',
  protectedpagetext: 'protectedpage',
  titleprotected: 'protectedtitle',
};

export function errorCode(error: PermissionError): string {
  return CODES[error.key] ?? error.key;
}

/** Message::text() in `lang` (English: this module's texts): parameters, PLURAL and SITENAME substituted. */
export function errorWikitext(error: PermissionError, site: SiteConfig, lang = 'en'): string {
  // qqx names the key and its parameters.
  if (lang !== 'en') return toWikitext(msg(error.key, ...error.params), lang, site.siteName);
  const raw = TEXTS[error.key] ?? `⧼${error.key}⧽`;
  const substituted = raw.replace(/\$(\d+)/g, (all, n: string) => {
    const p = error.params[Number(n) - 1];
    return p === undefined ? all : String(p);
  });
  return substituted
    .replace(/\{\{SITENAME\}\}/g, site.siteName)
    .replace(/\{\{PLURAL:([^|}]*)\|([^}]*)\}\}/g, (_all, count: string, forms: string) => {
      const options = forms.split('|');
      return Number(count.replace(/,/g, '')) === 1 ? options[0]! : (options[1] ?? options[0]!);
    });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** ApiErrorFormatter::stripMarkup after Message::text(): tags dropped, whitespace folded. */
export function errorPlaintext(error: PermissionError, site: SiteConfig, lang = 'en'): string {
  return errorWikitext(error, site, lang)
    .replace(/<\/?(var|kbd|samp|code)>/g, '"')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (all, ent: string) => {
      if (ent.startsWith('#x')) return String.fromCodePoint(parseInt(ent.slice(2), 16));
      if (ent.startsWith('#')) return String.fromCodePoint(parseInt(ent.slice(1), 10));
      return ENTITIES[ent] ?? all;
    })
    .replace(/[\x20\x0d\x0a\x09]+/g, ' ')
    .trim();
}

/** Message::parse() of a permission message: links rendered, a list for cascading sources. */
export function errorHtml(
  error: PermissionError,
  services: HtmlServices,
  linkStatus: ReadonlyMap<string, { exists: boolean; redirect: boolean }>,
  lang = 'en',
): string {
  const wikitext = errorWikitext(error, services.site, lang);
  // Tidying armors French spacing (`groupes&#160;:`) in the text between tags.
  const inline = (text: string): string =>
    inlineHtml(text, services, linkStatus).split(/(<[^>]*>)/).map((part, i) => (i % 2 === 1 ? part : armorFrenchSpaces(part))).join('');
  const lines = wikitext.split('\n');
  const items = lines.filter((l) => l.startsWith('* ')).map((l) => `<li>${inline(l.slice(2))}</li>`);
  // A line starting with a space is preformatted text (a translation's stray space).
  if (!items.length) return wikitext.startsWith(' ') && !wikitext.includes('\n') ? `<pre>${inline(wikitext.slice(1))}\n</pre>` : inline(wikitext);
  const text = lines.filter((l) => l !== '' && !l.startsWith('* ')).join('\n');
  return `<p>${inline(text)}\n</p>\n<ul>${items.join('\n')}</ul>\n`;
}

/** What rendering message links needs. */
export interface HtmlServices {
  site: SiteConfig;
  titles: TitleCodec;
  specialPages: SpecialPages;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#039;');
}

/** Internal links (coloured by `linkStatus`, keyed `ns:dbKey`) and external links of message text. */
function inlineHtml(text: string, services: HtmlServices, linkStatus: ReadonlyMap<string, { exists: boolean; redirect: boolean }>): string {
  const { titles, site, specialPages } = services;
  return text
    .replace(/\[\[:?([^\]|]+)(?:\|([^\]]*))?\]\]/g, (whole, target: string, label?: string) => {
      const t = titles.parse(target, NS.MAIN);
      if ('invalid' in t) return whole;
      const prefixed = titles.text(t.ns, t.dbKey);
      const dbKey = titles.dbKeyFull(t.ns, t.ns === NS.SPECIAL ? specialPages.fixName(t.dbKey) : t.dbKey);
      const shown = label ?? target;
      const status = linkStatus.get(`${t.ns}:${t.dbKey}`);
      const known = status?.exists || (t.ns === NS.SPECIAL && specialPages.exists(t.dbKey));
      if (!known) {
        const href = articleUrl(site, dbKey, t.ns === NS.SPECIAL ? '' : 'action=edit&redlink=1');
        return `<a href="${attr(href)}" class="new" title="${attr(`${prefixed} (page does not exist)`)}">${shown}</a>`;
      }
      const cls = status?.redirect ? ' class="mw-redirect"' : '';
      return `<a href="${attr(articleUrl(site, dbKey, ''))}"${cls} title="${attr(prefixed)}">${shown}</a>`;
    })
    .replace(/\[((?:https?:)?\/\/[^\s\]]+) ([^\]]*)\]/g, (_w, url: string, label: string) => `<a rel="nofollow" class="external text" href="${attr(url)}">${label}</a>`);
}
