// list=watchlist's `logdisplay`: LogFormatter::getActionText of each log entry for the public
// audience, in English: the entry's `logentry-<type>-<action>` message with the performer's user
// link, a link to the target page and the parameters each type's formatter makes (protections,
// blocks, group changes, moves, deletions, restorations, merges, content models), dates in the
// caller's time zone. Links are coloured by page existence, all looked up in one batch.
import type { QueryRun } from '../../api/query/run.ts';
import type { WatchlistChangeRow } from '../../store/watchlist.ts';
import { logEntryParameters, PhpArray, strtotime, type PhpValue } from '../../wiki/log-params.ts';
import { interfaceMessages } from '../../wiki/messages.ts';
import { escapeKeepingEntities } from '../../wiki/html-entities.ts';
import { convertPlural, genderForm, parseFormattedNumber } from '../../wiki/language-rules.ts';
import { formatNumber } from '../../wiki/number-format.ts';
import { phpTrim } from '../../wiki/php-values.ts';
import { NS } from '../../wiki/namespaces.ts';
import { articleUrl, type CgiArray } from '../../wiki/urls.ts';
import { userDate, userTime, userTimeAndDate } from '../../wiki/user-time.ts';
import { dateToMw, parseTimestamp } from '../../wiki/timestamps.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';
import { LOG_DELETED_ACTION, LOG_DELETED_USER } from '../../wiki/visibility.ts';
import { callerDates, type CallerDates } from '../meta/userinfo.ts';

/** A message parameter: text substituted before the message is escaped, or HTML after. */
type Param = string | { raw: string };

interface PendingLink {
  ns: number;
  dbKey: string;
  /** Link text as HTML; the page's title when null. */
  html: string | null;
  query: CgiArray;
  classes: string[];
}

const MARKER = '\x1blink';
const MARKER_RE = /\x1blink(\d+)\x1b/g;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** The texts of log entries in the caller's interface language (uselang), as LogFormatter writes them. */
class LogLanguage {
  private readonly messages: Readonly<Record<string, string>>;

  constructor(readonly code: string) {
    this.messages = interfaceMessages(code);
  }

  /** The message's text as written, undefined when the language has none; qqx names the key. */
  raw(key: string): string | undefined {
    return this.code === 'qqx' ? `(${key})` : this.messages[key];
  }

  /** Separator messages write their spaces as `&#32;`. */
  separator(key: string): string {
    return (this.raw(key) ?? '').replace(/&#32;/g, ' ');
  }

  /** The text of a message given `count` parameters: qqx lists them after the key, as Message::format does. */
  private textOf(key: string, count: number): string {
    if (this.code === 'qqx') return `(${key}${count ? `: ${Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')}` : ''})`;
    return this.messages[key] ?? `⧼${key}⧽`;
  }

  /** Language::listToText. */
  listToText(items: readonly string[]): string {
    if (items.length < 2) return items.join('');
    const last = items[items.length - 1]!;
    return `${items.slice(0, -1).join(this.separator('comma-separator'))}${this.separator('and')}${this.separator('word-separator')}${last}`;
  }

  formatNum(n: number): string {
    return formatNumber(n, this.code);
  }

  /** The parser functions log messages use: GENDER (nobody in the wiki sets a gender: neutral) and PLURAL. */
  transform(text: string): string {
    let previous = '';
    while (previous !== text) {
      previous = text;
      text = text.replace(/\{\{(GENDER|PLURAL):([^{}]*)\}\}/g, (_all, name: string, body: string) => {
        const [subject = '', ...forms] = body.split('|');
        if (name === 'GENDER') return genderForm('unknown', forms);
        return convertPlural(parseFormattedNumber(phpTrim(subject), this.code), forms, this.code);
      });
    }
    return text;
  }

  /** Message::escaped with its parameters: text ones before the transformation, HTML ones after. */
  message(key: string, params: readonly Param[] = []): string {
    const raw = this.textOf(key, params.length);
    const before = raw.replace(/\$(\d+)/g, (all, n: string) => {
      const p = params[Number(n) - 1];
      return typeof p === 'string' ? p : all;
    });
    const escaped = escapeKeepingEntities(this.transform(before));
    return escaped.replace(/\$(\d+)/g, (all, n: string) => {
      const p = params[Number(n) - 1];
      return p !== undefined && typeof p !== 'string' ? p.raw : all;
    });
  }

  /** Message::text: transformed, not escaped. */
  messageText(key: string, params: readonly string[] = []): string {
    const raw = this.textOf(key, params.length);
    return this.transform(raw.replace(/\$(\d+)/g, (all, n: string) => params[Number(n) - 1] ?? all));
  }
}

function text(value: PhpValue | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

class LogDisplayBatch {
  readonly links: PendingLink[] = [];
  private readonly userIds = new Map<string, number>();

  readonly lang: LogLanguage;

  constructor(
    private readonly run: QueryRun,
    private readonly dates: CallerDates,
  ) {
    this.lang = new LogLanguage(run.useLang);
  }

  /** LinkRenderer::makeLink, filled in once every page's existence is known. */
  pageLink(ns: number, dbKey: string, query: CgiArray = {}, html: string | null = null, classes: string[] = []): string {
    this.links.push({ ns, dbKey, query, html, classes });
    return `${MARKER}${this.links.length - 1}\x1b`;
  }

  /** A title's link from its text; MediaWiki's span for a title it cannot read. */
  titleLink(titleText: string, query: CgiArray = {}, html: string | null = null): string {
    const parsed = this.run.services.titles.parse(titleText);
    if (isInvalidTitle(parsed) || parsed.interwiki !== '') return `<span class="mw-invalidtitle">${escapeHtml(this.lang.messageText('invalidtitle'))}</span>`;
    return this.pageLink(parsed.ns, parsed.dbKey, query, html);
  }

  /** Linker::userLink */
  userLink(userId: number, name: string): string {
    const html = `<bdi>${escapeHtml(name)}</bdi>`;
    if (userId !== 0) return this.pageLink(NS.USER, name.replace(/ /g, '_'), {}, html, ['mw-userlink']);
    if (name.includes('>')) return `<span class="mw-userlink mw-extuserlink mw-anonuserlink">${html}</span>`;
    return this.pageLink(NS.SPECIAL, `Contributions/${name.replace(/ /g, '_')}`, {}, html, ['mw-userlink', 'mw-anonuserlink']);
  }

  async userIdsOf(names: Iterable<string>): Promise<void> {
    for (const name of names) if (!this.userIds.has(name)) this.userIds.set(name, await this.run.services.store.users.idByName(name));
  }

  userIdOf(name: string): number {
    return this.userIds.get(name) ?? 0;
  }

  /** Language::getFormattedNsText */
  namespaceText(id: number): string {
    return this.run.services.namespaces.nsText(id);
  }

  /** Language::userTimeAndDate, userDate and userTime for the caller. */
  userDate(ts: string, type: 'both' | 'date' | 'time' = 'both'): string {
    const { timeCorrection, datePreference } = this.dates;
    const format = type === 'both' ? userTimeAndDate : type === 'date' ? userDate : userTime;
    return format(ts, timeCorrection, this.run.services.site, this.lang.code, datePreference);
  }

  async finish(html: Map<number, string>): Promise<Map<number, string>> {
    const { services } = this.run;
    const local = this.links.filter((l) => l.ns >= 0);
    const rows = local.length ? await services.store.pages.byTitles(local.map((l) => ({ ns: l.ns, dbKey: l.dbKey }))) : [];
    const pages = new Map(rows.map((r) => [`${r.page_namespace}:${r.page_title}`, r.page_is_redirect !== 0]));
    const rendered = this.links.map((link) => this.renderLink(link, pages));
    return new Map([...html].map(([id, text]) => [id, text.replace(MARKER_RE, (_all, n: string) => rendered[Number(n)]!)]));
  }

  private renderLink(link: PendingLink, pages: ReadonlyMap<string, boolean>): string {
    const { titles, site, specialPages } = this.run.services;
    const prefixed = link.ns === NS.SPECIAL
      ? titles.dbKeyFull(NS.SPECIAL, specialPages.fixName(link.dbKey))
      : titles.dbKeyFull(link.ns, link.dbKey);
    const titleText = prefixed.replace(/_/g, ' ');
    const html = link.html ?? escapeHtml(titleText);
    const redirect = pages.get(`${link.ns}:${link.dbKey}`);
    const known = link.ns === NS.SPECIAL ? specialPages.exists(link.dbKey) : redirect !== undefined;
    const classes = [...link.classes];
    let href: string;
    let title = titleText;
    if (known) {
      if (redirect) classes.unshift('mw-redirect');
      href = articleUrl(site, prefixed, Object.keys(link.query).length ? link.query : '');
    } else {
      classes.unshift('new');
      href = articleUrl(site, prefixed, { ...link.query, action: 'edit', redlink: '1' });
      title = (interfaceMessages(site.lang)['red-link-title'] ?? '$1').replace('$1', titleText);
    }
    const cls = classes.length ? ` class="${classes.join(' ')}"` : '';
    return `<a href="${escapeHtml(href)}"${cls} title="${escapeHtml(title)}">${html}</a>`;
  }
}

/** The `logdisplay` of each log row the caller may see, by rc_id. */
export async function watchlistLogDisplays(run: QueryRun, rows: readonly WatchlistChangeRow[]): Promise<Map<number, string>> {
  const batch = new LogDisplayBatch(run, await callerDates(run));
  await batch.userIdsOf(namedUsers(rows));
  const html = new Map<number, string>();
  for (const row of rows) html.set(row.rc_id, actionText(batch, row));
  return batch.finish(html);
}

/** The users whose links need their ids: targets of blocks and of accounts made by others. */
function namedUsers(rows: readonly WatchlistChangeRow[]): string[] {
  return rows.filter((r) => r.rc_log_type === 'block' || r.rc_log_action === 'create2' || r.rc_log_action === 'byemail').map((r) => r.rc_title.replace(/_/g, ' '));
}

function actionText(batch: LogDisplayBatch, row: WatchlistChangeRow): string {
  const { lang } = batch;
  const performer = row.rc_deleted & LOG_DELETED_USER
    ? `<span class="history-deleted">${lang.message('rev-deleted-user')}</span>`
    : batch.userLink(row.actor_user ?? 0, row.actor_name);
  if (row.rc_deleted & LOG_DELETED_ACTION) {
    return `${performer}${lang.separator('word-separator')}<span class="history-deleted">${lang.message('rev-deleted-event')}</span>`;
  }
  const { params: entryParams, legacy } = logEntryParameters(row.rc_params ?? '');
  const params = extractParameters(batch, entryParams, legacy);
  params[0] = { raw: performer };
  params[1] = row.rc_deleted & LOG_DELETED_USER ? '' : row.actor_name;
  params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title) };
  const type = row.rc_log_type ?? '';
  const action = row.rc_log_action ?? '';
  const key = formatterFor(type)(batch, row, entryParams, params, `logentry-${type}-${action}`);
  return lang.message(key.key, key.params);
}

/** LogFormatter::extractParameters: `N:type:name` keys at index N-1, legacy values from index 3. */
function extractParameters(batch: LogDisplayBatch, params: PhpArray, legacy: boolean): (Param | PhpValue)[] {
  const out: (Param | PhpValue)[] = [];
  if (legacy) params.values().forEach((value, i) => (out[i + 3] = value));
  for (const key of params.keys()) {
    if (typeof key !== 'string' || !key.includes(':')) continue;
    const [index = '', type = ''] = key.split(':', 3);
    if (!/^\d+$/.test(index)) continue;
    out[Number(index) - 1] = formatParameterValue(batch, type, params.get(key)!);
  }
  for (let i = 3; i < out.length; i++) if (!(i in out)) out[i] = '';
  return out;
}

function formatParameterValue(batch: LogDisplayBatch, type: string, value: PhpValue): Param | PhpValue {
  const { lang } = batch;
  switch (type.trim().toLowerCase()) {
    case 'raw':
      return { raw: text(value) };
    case 'list':
      return value instanceof PhpArray ? value.values().map(text).join(lang.separator('comma-separator')) : text(value);
    case 'msg':
      return lang.messageText(text(value));
    case 'number':
      return lang.formatNum(Number(value));
    case 'title-link':
      return { raw: batch.titleLink(text(value)) };
    default:
      return value;
  }
}

interface Formatted {
  key: string;
  params: Param[];
}

type Formatter = (batch: LogDisplayBatch, row: WatchlistChangeRow, entry: PhpArray, params: (Param | PhpValue)[], key: string) => Formatted;

function asParams(params: readonly (Param | PhpValue)[]): Param[] {
  return [...params].map((p) => (typeof p === 'object' && p !== null && 'raw' in p ? p : text(p as PhpValue)));
}

const generic: Formatter = (batch, _row, _entry, params, key) => ({ key, params: asParams(params) });

function formatterFor(type: string): Formatter {
  return FORMATTERS[type] ?? generic;
}

const FORMATTERS: Record<string, Formatter> = {
  protect(batch, row, entry, params, key) {
    const action = row.rc_log_action;
    if (action === 'protect' || action === 'modify') {
      if (params[4]) key += '-cascade';
      const details = entry.get('details');
      if (details instanceof PhpArray) params[3] = protectDescription(batch, details);
      else if (params[3] !== undefined && params[3] !== null) params[3] = `\u200e${text(params[3] as PhpValue)}`;
      else params[3] = '';
      params.length = 4;
    } else if (action === 'move_prot') {
      params[3] = { raw: batch.titleLink(text(params[3] as PhpValue), { redirect: 'no' }) };
    }
    return { key, params: asParams(params) };
  },
  delete(batch, row, entry, params, key) {
    const { lang } = batch;
    const action = row.rc_log_action;
    if (action === 'event' || action === 'revision') {
      const revisionTypes = ['revision', 'archive', 'oldimage', 'filearchive'];
      const complete = (action === 'event' && params.length === 6) ||
        (action === 'revision' && params.length === 7 && revisionTypes.includes(text(params[3] as PhpValue)));
      if (!complete) return { key: `${key}-legacy`, params: asParams(params.slice(0, 3)) };
      const start = action === 'revision' ? 4 : 3;
      const changes = revisionDeletionChanges(lang, bitField(params[start + 2]), bitField(params[start + 1]));
      const ids = params[start];
      const count = ids instanceof PhpArray ? ids.values().length : text(ids as PhpValue).split(',').length;
      return { key, params: [...asParams(params.slice(0, 3)), lang.listToText(changes), lang.formatNum(count)] };
    }
    if (action === 'restore') {
      const counts = entry.get(':assoc:count');
      if (!(counts instanceof PhpArray)) return { key: `${key}-nocount`, params: asParams(params) };
      const parts = counts.keys().filter((k) => Number(counts.get(k))).map((k) => messageTextWithNumber(lang, `restore-count-${k}`, Number(counts.get(k))));
      params[3] = lang.listToText(parts);
    }
    return { key, params: asParams(params) };
  },
  move(batch, row, _entry, params, key) {
    if (params[4] === '1') key += '-noredirect';
    params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title, { redirect: 'no' }) };
    params[3] = { raw: batch.titleLink(text(params[3] as PhpValue)) };
    params.length = 4;
    return { key, params: asParams(params) };
  },
  merge(batch, row, _entry, params, key) {
    params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title, { redirect: 'no' }) };
    params[3] = { raw: batch.titleLink(text(params[3] as PhpValue)) };
    const point = parseTimestamp(text(params[4] as PhpValue));
    params[4] = point === null ? '' : batch.userDate(point);
    return { key, params: asParams(params) };
  },
  newusers(batch, row, _entry, params, key) {
    if (row.rc_log_action === 'create2' || row.rc_log_action === 'byemail') {
      const name = row.rc_title.replace(/_/g, ' ');
      params[2] = { raw: batch.userLink(batch.userIdOf(name), name) };
      params[3] = name;
    }
    return { key, params: asParams(params) };
  },
  contentmodel(batch, _row, _entry, params, key) {
    const { lang } = batch;
    params[3] = contentModelName(lang, text(params[3] as PhpValue));
    params[4] = contentModelName(lang, text(params[4] as PhpValue));
    return { key, params: asParams(params) };
  },
  rights(batch, row, entry, params, key) {
    const { lang } = batch;
    // RightsLogFormatter links the target by its name alone.
    params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title, {}, escapeHtml(row.rc_title.replace(/_/g, ' '))) };
    if (params[3] === undefined && params[4] === undefined) return { key: `${key}-legacy`, params: asParams(params) };
    const userName = row.rc_title.replace(/_/g, ' ');
    const groups = (value: unknown): string[] =>
      (value instanceof PhpArray ? value.values().map((v) => text(v)) : text(value as PhpValue).split(',').map((g) => g.trim()).filter((g) => g !== ''));
    const memberName = (group: string): string => {
      const name = lang.messageText(`group-${group}-member`, [userName]);
      return name === '' || name.startsWith('⧼') ? group : name;
    };
    const metadata = (name: string): PhpValue[] => {
      const value = entry.get(name);
      return value instanceof PhpArray ? value.values() : [];
    };
    const oldGroups = groups(params[3]).map(memberName);
    const newGroups = groups(params[4]).map(memberName);
    params[3] = oldGroups.length ? { raw: rightsList(batch, oldGroups, metadata('oldmetadata')) } : lang.messageText('rightsnone');
    params[4] = newGroups.length ? { raw: rightsList(batch, newGroups, metadata('newmetadata')) } : lang.messageText('rightsnone');
    params[5] = userName;
    return { key, params: asParams(params) };
  },
  block(batch, row, entry, params, key) {
    const { lang } = batch;
    const action = row.rc_log_action;
    const target = row.rc_title.replace(/_/g, ' ');
    if (target.startsWith('#')) {
      params[2] = target;
      params[3] = '';
    } else {
      params[2] = { raw: batch.userLink(batch.userIdOf(target), target) };
      params[3] = target;
    }
    if (action === 'block' || action === 'reblock') {
      const sitewide = entry.isset('sitewide') ? entry.get('sitewide') !== false && entry.get('sitewide') !== 0 : true;
      if (!sitewide) key = params[6] !== undefined ? `logentry-partialblock-${action}` : `logentry-non-editing-block-${action}`;
      const duration = params[4] === undefined || params[4] === null ? 'infinity' : text(params[4] as PhpValue);
      const expiry = blockExpiry(batch, duration, row.rc_timestamp);
      params[4] = { raw: `<span class="blockExpiry" title="&lrm;${escapeHtml(duration)}">${escapeHtml(expiry)}</span>` };
      params[5] = params[5] === undefined ? '' : { raw: blockFlags(lang, text(params[5] as PhpValue)) };
      if (params[6] instanceof PhpArray) params[6] = { raw: blockRestrictions(batch, params[6]) };
    }
    return { key, params: asParams(params) };
  },
};

/** ProtectLogFormatter::createProtectDescription */
function protectDescription(batch: LogDisplayBatch, details: PhpArray): string {
  const { lang } = batch;
  return details
    .values()
    .filter((d): d is PhpArray => d instanceof PhpArray)
    .map((d) => {
      const expiry = text(d.get('expiry'));
      const expiryText = expiry === 'infinity' || expiry === 'infinite' || expiry === 'indefinite' || expiry === ''
        ? lang.messageText('protect-expiry-indefinite')
        : lang.messageText('protect-expiring-local', (['both', 'date', 'time'] as const).map((type) => batch.userDate(parseTimestamp(expiry) ?? expiry, type)));
      const level = text(d.get('level'));
      const levelMessage = lang.raw(`protect-level-${level}`);
      const restrictions = levelMessage === undefined || levelMessage === '' || levelMessage === '-'
        ? lang.message('protect-fallback', [level])
        : lang.message(`protect-level-${level}`);
      return lang.message('protect-summary-desc', [lang.message(`restriction-${text(d.get('type'))}`), restrictions, expiryText]);
    })
    .join(lang.separator('word-separator'));
}

/** DeleteLogFormatter::parseBitField: `ofield=N` or a number. */
function bitField(value: unknown): number {
  const s = text(value as PhpValue);
  const field = s.indexOf('field=') === 1 ? s.split('=')[1]! : s;
  return Number.parseInt(field, 10) || 0;
}

/** RevisionDeleter::getChanges as the messages DeleteLogFormatter lists them. */
function revisionDeletionChanges(lang: LogLanguage, newBits: number, oldBits: number): string[] {
  const diff = newBits ^ oldBits;
  const hid: string[] = [];
  const unhid: string[] = [];
  const extra: string[] = [];
  for (const [name, bit] of [['revdelete-content', 1], ['revdelete-summary', 2], ['revdelete-uname', 4]] as const) {
    if (diff & bit) (newBits & bit ? hid : unhid).push(name);
  }
  if (diff & 8) extra.push(newBits & 8 ? 'revdelete-restricted' : 'revdelete-unrestricted');
  const plain = (key: string): string => lang.raw(key) ?? key;
  return [...hid.map((v) => plain(`${v}-hid`)), ...unhid.map((v) => plain(`${v}-unhid`)), ...extra.map(plain)];
}

function messageTextWithNumber(lang: LogLanguage, key: string, n: number): string {
  return lang.messageText(key, [lang.formatNum(n)]);
}

/** ContentHandler::getLocalizedName */
function contentModelName(lang: LogLanguage, model: string): string {
  const name = lang.raw(`content-model-${model}`);
  return name === undefined ? model : name;
}

/** RightsLogFormatter::formatRightsList: temporary memberships first, with their expiry. */
function rightsList(batch: LogDisplayBatch, groups: readonly string[], metadata: readonly PhpValue[]): string {
  const { lang } = batch;
  const temporary: string[] = [];
  const permanent: string[] = [];
  groups.forEach((group, i) => {
    const meta = metadata[i];
    const expiry = meta instanceof PhpArray ? text(meta.get('expiry')) : '';
    if (expiry !== '') {
      const dates = (['both', 'date', 'time'] as const).map((type) => batch.userDate(parseTimestamp(expiry) ?? expiry, type));
      temporary.push(escapeHtml(lang.messageText('rightslogentry-temporary-group', [group, ...dates])));
    } else {
      permanent.push(escapeHtml(group));
    }
  });
  return lang.listToText([...temporary, ...permanent]);
}

/** Language::translateBlockExpiry */
function blockExpiry(batch: LogDisplayBatch, duration: string, logTimestamp: string): string {
  const { lang } = batch;
  const options = (lang.raw('ipboptions') ?? '').split(',').map((pair) => pair.split(':') as [string, string]);
  for (const [show, value] of options) if (duration === value) return show.trim();
  const infinite = (s: string): boolean => ['infinite', 'indefinite', 'infinity', 'never'].includes(s);
  if (infinite(duration)) for (const [show, value] of options) if (infinite(value)) return show.trim();
  const now = Date.parse(`${logTimestamp.slice(0, 4)}-${logTimestamp.slice(4, 6)}-${logTimestamp.slice(6, 8)}T${logTimestamp.slice(8, 10)}:${logTimestamp.slice(10, 12)}:${logTimestamp.slice(12, 14)}Z`) / 1000;
  const time = strtotime(duration, now);
  if (time === null) return duration;
  const later = strtotime(duration, now + 1);
  if (later !== time) return formatDuration(lang, time - now);
  return batch.userDate(dateToMw(new Date(time * 1000)));
}

/** Language::formatDuration in English, largest units first. */
function formatDuration(lang: LogLanguage, seconds: number): string {
  const units: [string, number][] = [['millennia', 31_556_952_000], ['centuries', 3_155_695_200], ['decades', 315_569_520], ['years', 31_556_952], ['weeks', 604_800], ['days', 86_400], ['hours', 3_600], ['minutes', 60], ['seconds', 1]];
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const value = Math.floor(seconds / size);
    if (value > 0 || (unit === 'seconds' && parts.length === 0)) {
      parts.push(lang.messageText(`duration-${unit}`, [lang.formatNum(value)]));
      seconds -= value * size;
    }
  }
  return lang.listToText(parts);
}

/** BlockLogFormatter::formatBlockFlags */
function blockFlags(lang: LogLanguage, flags: string): string {
  if (flags.trim() === '') return '';
  const names = flags.trim().split(',').map((flag) => {
    const known = lang.raw(`block-log-flags-${flag}`);
    return known === undefined ? escapeHtml(flag) : lang.message(`block-log-flags-${flag}`);
  });
  return lang.message('parentheses', [{ raw: names.join(lang.separator('comma-separator')) }]);
}

/** The pages and namespaces of a partial block. */
function blockRestrictions(batch: LogDisplayBatch, restrictions: PhpArray): string {
  const { lang } = batch;
  const list = (key: string): PhpValue[] => {
    const value = restrictions.get(key);
    return value instanceof PhpArray ? value.values() : [];
  };
  const pages = list('pages').map((page) => batch.titleLink(text(page)));
  const namespaces = list('namespaces').map((ns) => {
    const id = Number(ns);
    const name = id === NS.MAIN ? lang.message('blanknamespace') : escapeHtml(batch.namespaceText(id));
    return batch.pageLink(NS.SPECIAL, 'AllPages', { namespace: String(id) }, name);
  });
  const parts: string[] = [];
  if (pages.length) parts.push(lang.message('logentry-partialblock-block-page', [lang.formatNum(pages.length), { raw: lang.listToText(pages) }]));
  if (namespaces.length) parts.push(lang.message('logentry-partialblock-block-ns', [lang.formatNum(namespaces.length), { raw: lang.listToText(namespaces) }]));
  return lang.listToText(parts);
}
