// list=protectedtitles: List all titles protected from creation.
import { continuationTimestamp } from '../../api/query/continuation.ts';
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import { CONT, NAMESPACES, TIME_DIR, limit } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { ResultObject } from '../../api/result.ts';
import type { ProtectedTitleListRow } from '../../store/pages.ts';
import { formatComments } from '../../wiki/comment-formatter.ts';
import { phpInt, phpIntEqualsText } from '../../wiki/php-values.ts';
import { mwToIso } from '../../wiki/timestamps.ts';
import { commentContext } from '../prop/revision-shared.ts';

const params = {
  namespace: NAMESPACES,
  level: { type: ['autoconfirmed', 'sysop'], multi: true },
  limit: limit(10),
  dir: TIME_DIR,
  start: { type: 'timestamp' },
  end: { type: 'timestamp' },
  prop: {
    type: ['timestamp', 'user', 'userid', 'comment', 'parsedcomment', 'expiry', 'level'],
    default: 'timestamp|level',
    multi: true,
  },
  continue: CONT,
} as const satisfies ParamDecls;

export const protectedtitles = defineQueryModule({
  prefix: 'pt',
  classname: 'ApiQueryProtectedTitles',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles'],
  generator: true,
  params,
  itemTag: 'pt',
  execute: runProtectedTitles,
});

type ProtectedTitlesRun = QueryRun<typeof params>;

/** $db->timestamp() of a continuation's first part: empty and 0 mean now; anything unreadable is an exception. */
function continuePosition(run: ProtectedTitlesRun): { timestamp: string; ns: number; title: string } | null {
  const value = run.params.continue;
  if (value === undefined) return null;
  const parts = value.split('|');
  if (parts.length !== 3) run.fail('apierror-badcontinue');
  const timestamp = continuationTimestamp(parts[0]!);
  if (!phpIntEqualsText(parts[1]!)) run.fail('apierror-badcontinue');
  return { timestamp, ns: phpInt(parts[1]!), title: parts[2]! };
}

async function runProtectedTitles(run: ProtectedTitlesRun): Promise<void> {
  const props = new Set(run.params.prop);
  const limit = run.params.limit;
  const { store } = run.services;
  const rows = await store.pages.protectedTitleList({
    namespaces: run.params.namespace ?? null,
    levels: run.params.level ?? null,
    newer: run.params.dir === 'newer',
    start: run.params.start ?? null,
    end: run.params.end ?? null,
    after: continuePosition(run),
    limit: limit + 1,
  });
  // MediaWiki continues from the timestamp as the database returned it.
  const continueValue = (row: ProtectedTitleListRow): string =>
    `${store.storedTimestamp(row.pt_timestamp, 'pt_timestamp')}|${row.pt_namespace}|${row.pt_title}`;
  if (rows.length > limit) run.setContinue('continue', continueValue(rows[limit]!));
  const shown = rows.slice(0, limit);
  if (run.generator) {
    for (const row of shown) run.generator.addTitle(row.pt_namespace, row.pt_title);
    return;
  }
  const parsed = props.has('parsedcomment')
    ? await formatComments(commentContext(run), shown.map((row) => ({ comment: row.pt_reason_text ?? '', self: { ns: row.pt_namespace, dbKey: row.pt_title } })))
    : [];
  for (const [index, row] of shown.entries()) {
    const item: ResultObject = { ns: row.pt_namespace, title: run.services.titles.text(row.pt_namespace, row.pt_title) };
    if (props.has('timestamp')) item.timestamp = mwToIso(row.pt_timestamp);
    if (props.has('user') && row.user_name !== null) item.user = row.user_name;
    if (props.has('userid') || props.has('user')) item.userid = row.pt_user;
    if (props.has('comment')) item.comment = row.pt_reason_text ?? '';
    if (props.has('parsedcomment')) item.parsedcomment = parsed[index]!;
    if (props.has('expiry')) item.expiry = row.pt_expiry === 'infinity' ? 'infinity' : mwToIso(row.pt_expiry);
    if (props.has('level')) item.level = row.pt_create_perm;
    if (!run.addItem(item)) {
      run.setContinue('continue', continueValue(row));
      break;
    }
  }
}
