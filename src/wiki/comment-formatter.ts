// MediaWiki's edit-summary formatter (CommentParser, Linker::formatComment): `parsedcomment`
// HTML with /* section */ autocomment links and [[wiki links]] coloured by page existence.
import { decodeLinkTarget, normalizeSubpageLink } from './link-targets.ts';
import { NS } from './namespaces.ts';
import { decodeCharReferences, isInvalidTitle, type TitleCodec } from './titles.ts';
import type { SpecialPages } from './special-pages.ts';
import { articleUrl, fragmentForUrl, wfUrlencode, type UrlQuery } from './urls.ts';
import type { SiteConfig } from './site.ts';
import { isRightToLeft } from './languages.ts';
import { interfaceMessages } from './messages.ts';
import { escapeKeepingEntities } from './html-entities.ts';

/** What a link needs to know about its target page. */
export interface LinkTargetStatus {
  exists: boolean;
  redirect: boolean;
}

export interface CommentFormatterContext {
  site: Pick<SiteConfig, 'server' | 'scriptPath' | 'articlePath' | 'lang'>;
  /** The caller's interface language: its writing direction sets the arrow and mark of section links. */
  userLanguage: string;
  titles: TitleCodec;
  specialPages: SpecialPages;
  /** Interwiki URL pattern (`https://en.wikipedia.org/wiki/$1`) for a lower-case prefix. */
  interwikiPattern(prefix: string): string | null;
  /** Existence and redirect flag of local pages, keyed `ns:dbKey`. */
  lookUp(titles: readonly { ns: number; dbKey: string }[]): Promise<Map<string, LinkTargetStatus>>;
}

/** The page a comment belongs to (section links point at it). */
export interface CommentSelf {
  ns: number;
  dbKey: string;
}

interface LinkTarget {
  ns: number;
  dbKey: string;
  fragment: string;
  interwiki: string;
}

const MARKER = '\x1b"\'';
const MARKER_RE = /\x1b"'(\d{7})/g;

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** Html::expandAttributes' escaping of an attribute value. */
function attr(value: string): string {
  return htmlEscape(value).replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/**
 * A message of the content language as Message::escaped gives it: entity-written spaces read as
 * spaces, other entities kept (htmlspecialchars without double encoding).
 */
function contentMessage(lang: string, key: string): string {
  return escapeKeepingEntities((interfaceMessages(lang)[key] ?? '').replace(/&#32;/g, ' '));
}

function statusKey(ns: number, dbKey: string): string {
  return `${ns}:${dbKey}`;
}

/**
 * Formats comments the way the API's `parsedcomment` does. All links of all comments are looked
 * up in one batch, as CommentFormatter::formatStrings does.
 */
export async function formatComments(
  ctx: CommentFormatterContext,
  items: readonly { comment: string; self: CommentSelf | null }[],
): Promise<string[]> {
  const batch = new CommentBatch(ctx);
  const marked = items.map((item) => batch.preprocess(item.comment, item.self));
  await batch.flush();
  return marked.map((html) => batch.finalize(html));
}

class CommentBatch {
  private readonly links: LinkTarget[] = [];
  private readonly linkTexts: string[] = [];
  private statuses = new Map<string, LinkTargetStatus>();

  /** Language::getArrow and getDirMark of the caller's language, before a section link's text. */
  private readonly arrow: string;

  constructor(private readonly ctx: CommentFormatterContext) {
    this.arrow = isRightToLeft(ctx.userLanguage) ? '←\u200f' : '→\u200e';
  }

  preprocess(comment: string, self: CommentSelf | null): string {
    // \x1b is the marker character, newlines would break the one-line summary.
    let text = comment.replace(/[\n\x1b]/g, ' ');
    text = htmlEscape(decodeCharReferences(text));
    text = this.sectionLinks(text, self);
    return this.wikiLinks(text, self);
  }

  async flush(): Promise<void> {
    const local = this.links.filter((l) => l.interwiki === '' && l.ns >= 0);
    const unique = new Map(local.map((l) => [statusKey(l.ns, l.dbKey), { ns: l.ns, dbKey: l.dbKey }]));
    if (unique.size) this.statuses = await this.ctx.lookUp([...unique.values()]);
  }

  finalize(html: string): string {
    return html.replace(MARKER_RE, (_, id: string) => {
      const n = Number(id);
      const target = this.links[n];
      return target ? this.makeLink(target, this.linkTexts[n]!) : '<!-- MISSING -->';
    });
  }

  // --- /* section */ autocomments ---

  private sectionLinks(comment: string, self: CommentSelf | null): string {
    let append = '';
    // MediaWiki's pattern tests for text before and after with optional lookarounds, which
    // JavaScript cannot capture: the match position tells the same.
    const out = comment.replace(/\/\*\s*(.*?)\s*\*\//g, (whole: string, auto: string, offset: number, all: string) => {
      const post = offset + whole.length < all.length;
      let html: string = auto;
      if (self) {
        const sectionText = auto.replace(/\[\[:|\[\[|\]\]/g, '');
        const section = guessSectionName(sectionText, this.ctx.titles);
        if (section !== '') html = this.sectionLink(self, section, `${this.arrow}${auto}`);
      }
      // The separators are the content language's messages.
      if (post) html += contentMessage(this.ctx.site.lang, 'colon-separator');
      const pre = offset > 0 ? contentMessage(this.ctx.site.lang, 'autocomment-prefix') : '';
      if (html === '' || html === '0') return pre;
      append += '</span>';
      const result = `${pre}<span dir="auto"><span class="autocomment">${html}</span>`;
      return result.replace(/\[/g, '&#91;').replace(/\]/g, '&#93;');
    });
    return out + append;
  }

  private sectionLink(self: CommentSelf, fragment: string, html: string): string {
    const prefixed = this.ctx.titles.dbKeyFull(self.ns, self.dbKey);
    const href = articleUrl(this.ctx.site, prefixed) + fragmentForUrl(fragment);
    const title = this.ctx.titles.text(self.ns, self.dbKey);
    return `<a href="${attr(href)}" title="${attr(title)}">${html}</a>`;
  }

  // --- [[links]] ---

  private wikiLinks(comment: string, self: CommentSelf | null): string {
    const re = /\[\[(?=(\s*))\1:?([^[\]|]+)(?:\|(?=((?:\]?[^\]])*))\3)?\]\]([^[]*)/g;
    return comment.replace(re, (whole: string, _ws: string, rawTarget: string, text: string | undefined, rest: string) => {
      let target = rawTarget;
      if (target.includes('%')) {
        target = decodeLinkTarget(target);
      }
      let linkText = text !== undefined && text !== '' ? text : target;
      if (/^media:/i.test(target)) return whole;
      if (target.startsWith(':')) target = target.slice(1);
      if (target === '') return whole;
      const trailMatch = /^([a-z]+)/.exec(rest);
      const trail = trailMatch ? trailMatch[1]! : '';
      const context = self && this.ctx.titles.namespaces.hasSubpages(self.ns) ? this.ctx.titles.text(self.ns, self.dbKey) : null;
      const normalized = normalizeSubpageLink(context, target, linkText);
      linkText = normalized.text;
      const parsed = this.ctx.titles.parse(normalized.target, NS.MAIN);
      if (isInvalidTitle(parsed)) return whole;
      let link: LinkTarget = { ns: parsed.ns, dbKey: parsed.dbKey, fragment: parsed.fragment, interwiki: parsed.interwiki };
      if (link.dbKey === '' && link.interwiki === '' && self) link = { ...self, fragment: link.fragment, interwiki: '' };
      const marker = this.addLink(link, linkText + trail);
      const linkRe = new RegExp(`\\[\\[(.*?)\\]\\]${trail}`);
      return whole.replace(linkRe, () => marker);
    });
  }

  private addLink(target: LinkTarget, html: string): string {
    const id = this.links.length;
    this.links.push(target);
    this.linkTexts.push(html);
    return MARKER + String(id).padStart(7, '0');
  }

  private makeLink(target: LinkTarget, html: string): string {
    const { titles } = this.ctx;
    if (target.interwiki !== '') {
      const pattern = this.ctx.interwikiPattern(target.interwiki);
      const local = titles.dbKeyFull(target.ns, target.dbKey);
      const href = (pattern ?? '').replace('$1', wfUrlencode(local)) + fragmentForUrl(target.fragment, true);
      const title = `${target.interwiki}:${titles.text(target.ns, target.dbKey)}`;
      return `<a href="${attr(href)}" class="extiw" title="${attr(title)}">${html}</a>`;
    }
    const status = this.statuses.get(statusKey(target.ns, target.dbKey));
    const known = status?.exists === true || this.isAlwaysKnown(target);
    const prefixedText = titles.text(target.ns, target.dbKey);
    const dbKey = this.prefixedDbKey(target);
    if (!known) {
      const query: UrlQuery = target.ns === NS.SPECIAL ? '' : { action: 'edit', redlink: '1' };
      const href = articleUrl(this.ctx.site, dbKey, query);
      return `<a href="${attr(href)}" class="new" title="${attr(`${prefixedText} (page does not exist)`)}">${html}</a>`;
    }
    const href = articleUrl(this.ctx.site, dbKey) + fragmentForUrl(target.fragment);
    const cls = status?.redirect && target.ns >= 0 ? ' class="mw-redirect"' : '';
    return `<a href="${attr(href)}"${cls} title="${attr(prefixedText)}">${html}</a>`;
  }

  private prefixedDbKey(target: LinkTarget): string {
    if (target.ns === NS.SPECIAL) {
      return this.ctx.titles.dbKeyFull(NS.SPECIAL, this.ctx.specialPages.fixName(target.dbKey));
    }
    return this.ctx.titles.dbKeyFull(target.ns, target.dbKey);
  }

  /** Title::isAlwaysKnown for the cases a comment can reach. */
  private isAlwaysKnown(target: LinkTarget): boolean {
    if (target.ns === NS.SPECIAL) return this.ctx.specialPages.exists(target.dbKey);
    return target.ns === NS.MAIN && target.dbKey === '';
  }
}

/** Parser::guessSectionNameFromStrippedText without the leading `#`. */
function guessSectionName(text: string, titles: TitleCodec): string {
  let name = text.replace(/[ _]+/g, ' ');
  name = decodeCharReferences(name);
  const parsed = titles.split(`#${name}`);
  if (!isInvalidTitle(parsed)) name = parsed.fragment;
  return Array.from(name).slice(0, 1024).join('').replace(/[\t\n\f\r ]/g, '_').replace(/%([a-fA-F0-9]{2})/g, '%25$1');
}
