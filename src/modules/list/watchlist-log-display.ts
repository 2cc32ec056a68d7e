// list=watchlist's `logdisplay`: LogFormatter::getActionText of each log entry for the public
// audience, in English: the entry's `logentry-<type>-<action>` message with the performer's user
// link, a link to the target page and the parameters each type's formatter makes (protections,
// blocks, group changes, moves, deletions, restorations, merges, content models), dates in the
// caller's time zone. Links are coloured by page existence, all looked up in one batch.
import type { QueryRun } from '../../api/query/run.ts';
import type { WatchlistChangeRow } from '../../store/watchlist.ts';
import { logEntryParameters, PhpArray, strtotime, type PhpValue } from '../../wiki/log-params.ts';
import { interfaceMessages } from '../../wiki/messages.ts';
import { NS } from '../../wiki/namespaces.ts';
import { articleUrl, type CgiArray } from '../../wiki/urls.ts';
import { userTimeAndDate } from '../../wiki/user-time.ts';
import { dateToMw, parseTimestamp } from '../../wiki/timestamps.ts';
import { isInvalidTitle } from '../../wiki/titles.ts';
import { LOG_DELETED_ACTION, LOG_DELETED_USER } from '../../wiki/visibility.ts';
import { callerTimeCorrection } from './user-facts.ts';

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

/** htmlspecialchars($text, ENT_QUOTES, 'UTF-8', false): entities already there stay. */
function escapeKeepingEntities(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** Separator messages write their spaces as `&#32;`. */
function separator(key: string): string {
  return (interfaceMessages('en')[key] ?? '').replace(/&#32;/g, ' ');
}

/** Language::listToText. */
function listToText(items: readonly string[]): string {
  if (items.length < 2) return items.join('');
  const last = items[items.length - 1]!;
  return `${items.slice(0, -1).join(separator('comma-separator'))}${separator('and')}${separator('word-separator')}${last}`;
}

function formatNum(n: number): string {
  return n.toLocaleString('en-US');
}

/** The parser functions log messages use: GENDER (nobody in the wiki sets a gender: neutral) and PLURAL. */
function transform(text: string): string {
  let previous = '';
  while (previous !== text) {
    previous = text;
    text = text.replace(/\{\{(GENDER|PLURAL):([^{}]*)\}\}/g, (_all, name: string, body: string) => {
      const [subject = '', ...forms] = body.split('|');
      if (name === 'GENDER') return forms.length === 0 ? '' : (forms[2] ?? forms[forms.length - 1]!);
      const count = Number(subject.replace(/,/g, ''));
      for (const form of forms) {
        const explicit = /^(\d+)=(.*)$/s.exec(form);
        if (explicit && Number(explicit[1]) === count) return explicit[2]!;
      }
      const plain = forms.filter((f) => !/^\d+=/.test(f));
      if (plain.length === 0) return '';
      return Math.abs(count) === 1 ? plain[0]! : plain[Math.min(1, plain.length - 1)]!;
    });
  }
  return text;
}

/** Message::escaped with its parameters: text ones before the transformation, HTML ones after. */
function message(key: string, params: readonly Param[] = []): string {
  const raw = interfaceMessages('en')[key] ?? `⧼${key}⧽`;
  const before = raw.replace(/\$(\d+)/g, (all, n: string) => {
    const p = params[Number(n) - 1];
    return typeof p === 'string' ? p : all;
  });
  const escaped = escapeKeepingEntities(transform(before));
  return escaped.replace(/\$(\d+)/g, (all, n: string) => {
    const p = params[Number(n) - 1];
    return p !== undefined && typeof p !== 'string' ? p.raw : all;
  });
}

/** Message::text: transformed, not escaped. */
function messageText(key: string, params: readonly string[] = []): string {
  const raw = interfaceMessages('en')[key] ?? `⧼${key}⧽`;
  return transform(raw.replace(/\$(\d+)/g, (all, n: string) => params[Number(n) - 1] ?? all));
}

function text(value: PhpValue | undefined): string {
  if (value === null || value === undefined || value === false) return '';
  if (value === true) return '1';
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

class LogDisplayBatch {
  readonly links: PendingLink[] = [];
  private readonly userIds = new Map<string, number>();

  constructor(
    private readonly run: QueryRun,
    private readonly timeCorrection: string,
  ) {}

  /** LinkRenderer::makeLink, filled in once every page's existence is known. */
  pageLink(ns: number, dbKey: string, query: CgiArray = {}, html: string | null = null, classes: string[] = []): string {
    this.links.push({ ns, dbKey, query, html, classes });
    return `${MARKER}${this.links.length - 1}\x1b`;
  }

  /** A title's link from its text; MediaWiki's span for a title it cannot read. */
  titleLink(titleText: string, query: CgiArray = {}, html: string | null = null): string {
    const parsed = this.run.services.titles.parse(titleText);
    if (isInvalidTitle(parsed) || parsed.interwiki !== '') return `<span class="mw-invalidtitle">${escapeHtml(messageText('invalidtitle'))}</span>`;
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

  userDate(ts: string): string {
    return userTimeAndDate(ts, this.timeCorrection, this.run.services.site);
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
      title = `${titleText} (page does not exist)`;
    }
    const cls = classes.length ? ` class="${classes.join(' ')}"` : '';
    return `<a href="${escapeHtml(href)}"${cls} title="${escapeHtml(title)}">${html}</a>`;
  }
}

/** The `logdisplay` of each log row the caller may see, by rc_id. */
export async function watchlistLogDisplays(run: QueryRun, rows: readonly WatchlistChangeRow[]): Promise<Map<number, string>> {
  const batch = new LogDisplayBatch(run, await callerTimeCorrection(run));
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
  const performer = row.rc_deleted & LOG_DELETED_USER
    ? `<span class="history-deleted">${message('rev-deleted-user')}</span>`
    : batch.userLink(row.actor_user ?? 0, row.actor_name);
  if (row.rc_deleted & LOG_DELETED_ACTION) {
    return `${performer}${separator('word-separator')}<span class="history-deleted">${message('rev-deleted-event')}</span>`;
  }
  const { params: entryParams, legacy } = logEntryParameters(row.rc_params ?? '');
  const params = extractParameters(batch, entryParams, legacy);
  params[0] = { raw: performer };
  params[1] = row.rc_deleted & LOG_DELETED_USER ? '' : row.actor_name;
  params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title) };
  const type = row.rc_log_type ?? '';
  const action = row.rc_log_action ?? '';
  const key = formatterFor(type)(batch, row, entryParams, params, `logentry-${type}-${action}`);
  return message(key.key, key.params);
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
  switch (type.trim().toLowerCase()) {
    case 'raw':
      return { raw: text(value) };
    case 'list':
      return value instanceof PhpArray ? value.values().map(text).join(separator('comma-separator')) : text(value);
    case 'msg':
      return messageText(text(value));
    case 'number':
      return formatNum(Number(value));
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

const generic: Formatter = (_batch, _row, _entry, params, key) => ({ key, params: asParams(params) });

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
  delete(_batch, row, entry, params, key) {
    const action = row.rc_log_action;
    if (action === 'event' || action === 'revision') {
      const revisionTypes = ['revision', 'archive', 'oldimage', 'filearchive'];
      const complete = (action === 'event' && params.length === 6) ||
        (action === 'revision' && params.length === 7 && revisionTypes.includes(text(params[3] as PhpValue)));
      if (!complete) return { key: `${key}-legacy`, params: asParams(params.slice(0, 3)) };
      const start = action === 'revision' ? 4 : 3;
      const changes = revisionDeletionChanges(bitField(params[start + 2]), bitField(params[start + 1]));
      const ids = params[start];
      const count = ids instanceof PhpArray ? ids.values().length : text(ids as PhpValue).split(',').length;
      return { key, params: [...asParams(params.slice(0, 3)), listToText(changes), formatNum(count)] };
    }
    if (action === 'restore') {
      const counts = entry.get(':assoc:count');
      if (!(counts instanceof PhpArray)) return { key: `${key}-nocount`, params: asParams(params) };
      const parts = counts.keys().filter((k) => Number(counts.get(k))).map((k) => messageTextWithNumber(`restore-count-${k}`, Number(counts.get(k))));
      params[3] = listToText(parts);
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
  contentmodel(_batch, _row, _entry, params, key) {
    params[3] = contentModelName(text(params[3] as PhpValue));
    params[4] = contentModelName(text(params[4] as PhpValue));
    return { key, params: asParams(params) };
  },
  rights(batch, row, entry, params, key) {
    // RightsLogFormatter links the target by its name alone.
    params[2] = { raw: batch.pageLink(row.rc_namespace, row.rc_title, {}, escapeHtml(row.rc_title.replace(/_/g, ' '))) };
    if (params[3] === undefined && params[4] === undefined) return { key: `${key}-legacy`, params: asParams(params) };
    const userName = row.rc_title.replace(/_/g, ' ');
    const groups = (value: unknown): string[] =>
      (value instanceof PhpArray ? value.values().map((v) => text(v)) : text(value as PhpValue).split(',').map((g) => g.trim()).filter((g) => g !== ''));
    const memberName = (group: string): string => {
      const name = messageText(`group-${group}-member`, [userName]);
      return name === '' || name.startsWith('⧼') ? group : name;
    };
    const metadata = (name: string): PhpValue[] => {
      const value = entry.get(name);
      return value instanceof PhpArray ? value.values() : [];
    };
    const oldGroups = groups(params[3]).map(memberName);
    const newGroups = groups(params[4]).map(memberName);
    params[3] = oldGroups.length ? { raw: rightsList(batch, oldGroups, metadata('oldmetadata')) } : messageText('rightsnone');
    params[4] = newGroups.length ? { raw: rightsList(batch, newGroups, metadata('newmetadata')) } : messageText('rightsnone');
    params[5] = userName;
    return { key, params: asParams(params) };
  },
  block(batch, row, entry, params, key) {
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
      params[5] = params[5] === undefined ? '' : { raw: blockFlags(text(params[5] as PhpValue)) };
      if (params[6] instanceof PhpArray) params[6] = { raw: blockRestrictions(batch, params[6]) };
    }
    return { key, params: asParams(params) };
  },
};

/** ProtectLogFormatter::createProtectDescription */
function protectDescription(batch: LogDisplayBatch, details: PhpArray): string {
  return details
    .values()
    .filter((d): d is PhpArray => d instanceof PhpArray)
    .map((d) => {
      const expiry = text(d.get('expiry'));
      const expiryText = expiry === 'infinity' || expiry === 'infinite' || expiry === 'indefinite' || expiry === ''
        ? messageText('protect-expiry-indefinite')
        : messageText('protect-expiring-local', [batch.userDate(parseTimestamp(expiry) ?? expiry)]);
      const level = text(d.get('level'));
      const levelMessage = interfaceMessages('en')[`protect-level-${level}`];
      const restrictions = levelMessage === undefined || levelMessage === '' || levelMessage === '-'
        ? message('protect-fallback', [level])
        : message(`protect-level-${level}`);
      return message('protect-summary-desc', [message(`restriction-${text(d.get('type'))}`), restrictions, expiryText]);
    })
    .join(separator('word-separator'));
}

/** DeleteLogFormatter::parseBitField: `ofield=N` or a number. */
function bitField(value: unknown): number {
  const s = text(value as PhpValue);
  const field = s.indexOf('field=') === 1 ? s.split('=')[1]! : s;
  return Number.parseInt(field, 10) || 0;
}

/** RevisionDeleter::getChanges as the messages DeleteLogFormatter lists them. */
function revisionDeletionChanges(newBits: number, oldBits: number): string[] {
  const diff = newBits ^ oldBits;
  const hid: string[] = [];
  const unhid: string[] = [];
  const extra: string[] = [];
  for (const [name, bit] of [['revdelete-content', 1], ['revdelete-summary', 2], ['revdelete-uname', 4]] as const) {
    if (diff & bit) (newBits & bit ? hid : unhid).push(name);
  }
  if (diff & 8) extra.push(newBits & 8 ? 'revdelete-restricted' : 'revdelete-unrestricted');
  const plain = (key: string): string => interfaceMessages('en')[key] ?? key;
  return [...hid.map((v) => plain(`${v}-hid`)), ...unhid.map((v) => plain(`${v}-unhid`)), ...extra.map(plain)];
}

function messageTextWithNumber(key: string, n: number): string {
  return messageText(key, [formatNum(n)]);
}

/** ContentHandler::getLocalizedName */
function contentModelName(model: string): string {
  const name = interfaceMessages('en')[`content-model-${model}`];
  return name === undefined ? model : name;
}

/** RightsLogFormatter::formatRightsList: temporary memberships first, with their expiry. */
function rightsList(batch: LogDisplayBatch, groups: readonly string[], metadata: readonly PhpValue[]): string {
  const temporary: string[] = [];
  const permanent: string[] = [];
  groups.forEach((group, i) => {
    const meta = metadata[i];
    const expiry = meta instanceof PhpArray ? text(meta.get('expiry')) : '';
    if (expiry !== '') {
      const date = batch.userDate(parseTimestamp(expiry) ?? expiry);
      temporary.push(escapeHtml(messageText('rightslogentry-temporary-group', [group, date])));
    } else {
      permanent.push(escapeHtml(group));
    }
  });
  return listToText([...temporary, ...permanent]);
}

/** Language::translateBlockExpiry */
function blockExpiry(batch: LogDisplayBatch, duration: string, logTimestamp: string): string {
  const options = (interfaceMessages('en')['ipboptions'] ?? '').split(',').map((pair) => pair.split(':') as [string, string]);
  for (const [show, value] of options) if (duration === value) return show.trim();
  const infinite = (s: string): boolean => ['infinite', 'indefinite', 'infinity', 'never'].includes(s);
  if (infinite(duration)) for (const [show, value] of options) if (infinite(value)) return show.trim();
  const now = Date.parse(`${logTimestamp.slice(0, 4)}-${logTimestamp.slice(4, 6)}-${logTimestamp.slice(6, 8)}T${logTimestamp.slice(8, 10)}:${logTimestamp.slice(10, 12)}:${logTimestamp.slice(12, 14)}Z`) / 1000;
  const time = strtotime(duration, now);
  if (time === null) return duration;
  const later = strtotime(duration, now + 1);
  if (later !== time) return formatDuration(time - now);
  return batch.userDate(dateToMw(new Date(time * 1000)));
}

/** Language::formatDuration in English, largest units first. */
function formatDuration(seconds: number): string {
  const units: [string, number][] = [['millennia', 31_556_952_000], ['centuries', 3_155_695_200], ['decades', 315_569_520], ['years', 31_556_952], ['weeks', 604_800], ['days', 86_400], ['hours', 3_600], ['minutes', 60], ['seconds', 1]];
  const parts: string[] = [];
  for (const [unit, size] of units) {
    const value = Math.floor(seconds / size);
    if (value > 0 || (unit === 'seconds' && parts.length === 0)) {
      parts.push(messageText(`duration-${unit}`, [formatNum(value)]));
      seconds -= value * size;
    }
  }
  return listToText(parts);
}

/** BlockLogFormatter::formatBlockFlags */
function blockFlags(flags: string): string {
  if (flags.trim() === '') return '';
  const names = flags.trim().split(',').map((flag) => {
    const known = interfaceMessages('en')[`block-log-flags-${flag}`];
    return known === undefined ? escapeHtml(flag) : message(`block-log-flags-${flag}`);
  });
  return message('parentheses', [{ raw: names.join(separator('comma-separator')) }]);
}

/** The pages and namespaces of a partial block. */
function blockRestrictions(batch: LogDisplayBatch, restrictions: PhpArray): string {
  const list = (key: string): PhpValue[] => {
    const value = restrictions.get(key);
    return value instanceof PhpArray ? value.values() : [];
  };
  const pages = list('pages').map((page) => batch.titleLink(text(page)));
  const namespaces = list('namespaces').map((ns) => {
    const id = Number(ns);
    const name = id === NS.MAIN ? message('blanknamespace') : escapeHtml(batch.namespaceText(id));
    return batch.pageLink(NS.SPECIAL, 'AllPages', { namespace: String(id) }, name);
  });
  const parts: string[] = [];
  if (pages.length) parts.push(message('logentry-partialblock-block-page', [formatNum(pages.length), { raw: listToText(pages) }]));
  if (namespaces.length) parts.push(message('logentry-partialblock-block-ns', [formatNum(namespaces.length), { raw: listToText(namespaces) }]));
  return listToText(parts);
}
