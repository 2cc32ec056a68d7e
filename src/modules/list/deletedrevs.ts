// list=deletedrevs: List deleted revisions.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, limit, modes, user } from '../../api/params/common.ts';
import { msg } from '../../api/i18n/messages.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setContent, setFlag, type ResultNode, type ResultObject } from '../../api/result.ts';
import type { ArchiveQuery, ArchiveRow } from '../../store/archive.ts';
import type { TitleKey } from '../../store/pages.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { DELETED_COMMENT, DELETED_TEXT, DELETED_USER, hiddenUserMask, userCanBitfield } from '../../wiki/visibility.ts';
import { DeletedFields } from '../deleted-fields.ts';
import { sha1Base36ToHex } from '../prop/revision-record.ts';
import { clampLimit, commentContext, userNameParam } from '../prop/revision-shared.ts';
import { titlePosition, timePosition } from './alldeletedrevisions.ts';
import { titlePartToKey } from './allpages.ts';

const params = {
  start: { type: 'timestamp', info: [modes(1, 2)] },
  end: { type: 'timestamp', info: [modes(1, 2)] },
  dir: { type: ['newer', 'older'], default: 'older', info: [modes(1, 3)] },
  from: { type: 'string', info: [modes(3)] },
  to: { type: 'string', info: [modes(3)] },
  prefix: { type: 'string', info: [modes(3)] },
  unique: { type: 'boolean', info: [modes(3)] },
  namespace: { type: 'namespace', default: 0, info: [modes(3)] },
  tag: { type: 'string' },
  user: user(),
  excludeuser: user(),
  prop: {
    type: [
      'revid', 'parentid', 'user', 'userid', 'comment', 'parsedcomment', 'minor', 'len', 'sha1',
      'content', 'token', 'tags',
    ],
    default: 'user|comment',
    multi: true,
  },
  limit: limit(10),
  continue: CONT,
} as const satisfies ParamDecls;

export const deletedrevs = defineQueryModule({
  prefix: 'dr',
  classname: 'ApiQueryDeletedrevs',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs'],
  deprecated: true,
  cacheMode: 'private',
  params,
  itemTag: 'page',
  execute: runDeletedrevs,
});

type DeletedrevsRun = QueryRun<typeof params>;
type Prop = DeletedrevsRun['params']['prop'][number];

/** Rows read at a time when `unique` keeps one per title. */
const UNIQUE_BATCH = 100;

function permissionDenied(run: DeletedrevsRun, action: string): never {
  return run.fail('apierror-permissiondenied', [{ message: msg(`action-${action}`) }], 'permissiondenied');
}

/** The three modes of the module's description: 1 titles, 2 a user's, 3 a namespace's. */
type Mode = 'revs' | 'user' | 'all';

async function runDeletedrevs(run: DeletedrevsRun): Promise<void> {
  const rights = run.caller.rights;
  if (!rights.has('deletedhistory')) permissionDenied(run, 'deletedhistory');
  const p = run.params;
  const props = new Set<Prop>(p.prop);
  // MediaWiki deprecates drprop=token, which the spec does not mark.
  if (props.has('token')) run.deprecated('paramvalidator-deprecated-value', [{ plaintext: run.paramName('prop') }, { plaintext: 'token' }], `action=query&list=deletedrevs&${run.paramName('prop')}=token`);
  run.deprecated('apiwarn-deprecation-deletedrevs', [], 'action=query&list=deletedrevs');
  const showToken = props.has('token') && !run.lacksSameOriginSecurity && rights.has('undelete');

  const pageset = run.pageset;
  const titles: TitleKey[] = [...pageset.goodPages().map((g) => ({ ns: g.ns, dbKey: g.dbKey })), ...pageset.missing().map((m) => ({ ns: m.ns, dbKey: m.dbKey }))];
  const mode: Mode = titles.length > 0 ? 'revs' : p.user !== undefined ? 'user' : 'all';
  if (mode !== 'all') {
    for (const name of ['from', 'to', 'prefix'] as const) if (p[name] !== undefined) run.fail('apierror-deletedrevs-param-not-1-2', [name], 'badparams');
  } else {
    for (const name of ['start', 'end'] as const) if (p[name] !== undefined) run.fail('apierror-deletedrevs-param-not-3', [name], 'badparams');
  }
  // MediaWiki passes this text where a message key belongs: an unknown key, shown in brackets.
  if (p.user !== undefined && p.excludeuser !== undefined) run.fail('rawmessage', ['⧼user and excludeuser cannot be used together⧽'], 'badparams');
  const tagId = p.tag === undefined ? undefined : await run.services.store.site.tagId(p.tag);
  if (props.has('content') && !rights.has('deletedtext') && !rights.has('undelete')) permissionDenied(run, 'deletedtext');

  const bounds = props.has('content') ? { user: 50, bot: 500 } : { user: 500, bot: 5000 };
  const highLimits = rights.has('apihighlimits');
  let limitValue: number;
  if (run.rawParam('limit') === 'max') {
    limitValue = highLimits ? bounds.bot : bounds.user;
    run.setParsedLimit(limitValue);
  } else {
    limitValue = clampLimit(run, p.limit, bounds, highLimits);
  }

  const userName = await userNameParam(run, p.user, 'user');
  const excludeName = await userNameParam(run, p.excludeuser, 'excludeuser');
  const query: ArchiveQuery = {
    dir: p.dir,
    user: userName,
    excludeUser: excludeName,
    hiddenMask: userName !== undefined || excludeName !== undefined ? hiddenUserMask(rights) : undefined,
    tagId,
    limit: limitValue + 1,
    order: { by: 'time' },
  };
  if (mode === 'revs') {
    query.titles = titles;
    query.order = { by: 'title', byNamespace: true, byTitle: true, from: p.continue === undefined ? undefined : titlePosition(run, p.continue) };
  } else if (mode === 'user') {
    query.order = { by: 'time', from: p.continue === undefined ? undefined : timePosition(run, p.continue) };
  } else {
    const ns = p.namespace;
    query.namespaces = [ns];
    const range = { namespaces: [ns] } as { namespaces: number[]; from?: string; to?: string; prefix?: string };
    if (p.from !== undefined) range.from = titlePartToKey(run, p.from, ns);
    if (p.to !== undefined) range.to = titlePartToKey(run, p.to, ns);
    if (p.prefix !== undefined) range.prefix = titlePartToKey(run, p.prefix, ns);
    query.ranges = [range];
    query.order = { by: 'title', byNamespace: false, byTitle: true, from: p.continue === undefined ? undefined : titlePosition(run, p.continue) };
  }
  if (mode !== 'all') {
    query.start = p.start;
    query.end = p.end;
  }
  if (props.has('content')) query.slots = { texts: true };

  const rows = mode === 'all' && p.unique ? await oneRowPerTitle(run, query, limitValue + 1) : await run.services.store.revisions.archive.revisions(query);
  const shown = rows.slice(0, limitValue);
  const next = rows.length > limitValue ? rows[limitValue]! : null;
  const { store } = run.services;
  const continueValue = (row: ArchiveRow): string => {
    const ts = store.storedTimestamp(row.ar_timestamp, 'ar_timestamp');
    return mode === 'user' ? `${ts}|${row.ar_id}` : `${row.ar_namespace}|${row.ar_title}|${ts}|${row.ar_id}`;
  };

  const tags = props.has('tags') && shown.length ? await store.revisions.tagsOf(shown.map((r) => r.ar_rev_id)) : new Map<number, string[]>();
  const parsed = new Map<number, string>();
  if (props.has('parsedcomment')) {
    const visible = shown.filter((r) => userCanBitfield(Number(r.ar_deleted), DELETED_COMMENT, rights));
    const html = await formatComments(commentContext(run), visible.map((r) => ({ comment: r.comment_text ?? '', self: { ns: r.ar_namespace, dbKey: r.ar_title } })));
    visible.forEach((r, i) => parsed.set(r.ar_id, html[i]!));
  }

  const pages = new Map<string, { first: ArchiveRow; revisions: ResultNode[] }>();
  for (const row of shown) {
    const key = `${row.ar_namespace}:${row.ar_title}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = { first: row, revisions: [] }));
    page.revisions.push(revisionItem(run, props, row, tags, parsed));
  }
  for (const { first, revisions } of pages.values()) {
    const item: ResultObject = { revisions: list('rev', revisions) };
    item.ns = first.ar_namespace;
    item.title = run.services.titles.text(first.ar_namespace, first.ar_title);
    if (showToken) item.token = run.caller.csrfToken ?? '+\\';
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(first));
      return;
    }
  }
  if (next) run.setContinue('continue', continueValue(next));
}

/**
 * `unique`: MediaWiki groups the rows by title and SQLite keeps the first row of each group in the
 * order it reads them, which is the listing's order.
 */
async function oneRowPerTitle(run: DeletedrevsRun, query: ArchiveQuery, wanted: number): Promise<ArchiveRow[]> {
  const out: ArchiveRow[] = [];
  const seen = new Set<string>();
  let from = query.order.by === 'title' ? query.order.from : undefined;
  const descending = query.dir === 'older';
  for (;;) {
    const rows = await run.services.store.revisions.archive.revisions({ ...query, order: { by: 'title', byNamespace: false, byTitle: true, from }, limit: UNIQUE_BATCH });
    for (const row of rows) {
      if (seen.has(row.ar_title)) continue;
      seen.add(row.ar_title);
      out.push(row);
      if (out.length >= wanted) return out;
    }
    if (rows.length < UNIQUE_BATCH) return out;
    const last = rows[rows.length - 1]!;
    // After the last row read (positions include their ar_id).
    from = { ns: last.ar_namespace, title: last.ar_title, ts: last.ar_timestamp, id: last.ar_id + (descending ? -1 : 1) };
  }
}

/** One deleted revision as ApiQueryDeletedrevs shows it. */
function revisionItem(run: DeletedrevsRun, props: ReadonlySet<Prop>, row: ArchiveRow, tags: ReadonlyMap<number, string[]>, parsed: ReadonlyMap<number, string>): ResultObject {
  const rev: ResultObject = {};
  const deleted = new DeletedFields(rev, Number(row.ar_deleted), userCanBitfield, run.caller.rights);
  rev.timestamp = mwToIso(row.ar_timestamp);
  if (props.has('revid')) rev.revid = row.ar_rev_id;
  if (props.has('parentid') && row.ar_parent_id !== null) rev.parentid = Number(row.ar_parent_id);
  if ((props.has('user') || props.has('userid')) && deleted.visible(DELETED_USER, 'user')) {
    if (props.has('user')) rev.user = row.actor_name;
    if (props.has('userid')) rev.userid = Number(row.actor_user ?? 0);
  }
  if ((props.has('comment') || props.has('parsedcomment')) && deleted.visible(DELETED_COMMENT, 'comment')) {
    if (props.has('comment')) rev.comment = row.comment_text ?? '';
    if (props.has('parsedcomment')) rev.parsedcomment = parsed.get(row.ar_id) ?? '';
  }
  if (props.has('minor')) setFlag(rev, 'minor', Number(row.ar_minor_edit) === 1, false);
  // The column as the database driver gave it to MediaWiki: a string.
  if (props.has('len')) rev.len = row.ar_len === null ? null : String(row.ar_len);
  if (props.has('sha1') && deleted.visible(DELETED_TEXT, 'sha1')) rev.sha1 = row.ar_sha1 ? sha1Base36ToHex(row.ar_sha1) : '';
  if (props.has('content') && deleted.visible(DELETED_TEXT, 'text')) {
    const main = row.slots?.find((s) => s.role_name === 'main');
    setContent(rev, 'text', main?.text ?? '');
  }
  if (props.has('tags')) rev.tags = list('tag', [...(tags.get(row.ar_rev_id) ?? [])]);
  deleted.flagSuppressed();
  return rev;
}
