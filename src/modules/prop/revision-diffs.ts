// The deprecated `diffto`, `difftotext` and `difftotextpst` of the revision modules: the `diff`
// object MediaWiki's DifferenceEngine gives for each revision, with its PHP diff engine.
import type { QueryRun } from '../../api/query/run.ts';
import { setContent, setFlag, type ResultObject } from '../../api/result.ts';
import type { RevisionRow } from '../../store/revisions.ts';
import { diffBody } from '../../wiki/diff.ts';
import { escapeWikiText } from '../../wiki/titles.ts';
import { DELETED_TEXT, userCanBitfield } from '../../wiki/visibility.ts';
import { defaultFormatOf, type RevisionLike } from './revision-record.ts';

/** $wgAPIMaxUncachedDiffs */
const MAX_UNCACHED_DIFFS = 1;

/** What the request asks to diff against (the revision modules' common settings). */
export interface DiffSettings {
  /** `diffto` as a number (0 = cur), `prev` or `next`; null when not asked. */
  diffTo: number | 'prev' | 'next' | null;
  diffToText: string | null;
  diffToTextPst: boolean;
  contentFormat: string | null;
}

/** A revision whose content was fetched, with that content (a section of it when asked). */
export interface DiffSource {
  rev: RevisionLike;
  content: string;
  model: string;
}

/**
 * The `diff` of each revision. This server keeps no diff cache, so every diff is one MediaWiki
 * would compute afresh: only the first one of a request is computed and later ones say
 * `notcached` (revision-to-revision diffs as a MediaWiki whose diff cache has not seen them;
 * answers found without the engine, such as a revision against itself, do not count).
 */
export async function loadDiffs(run: QueryRun, settings: DiffSettings, sources: readonly DiffSource[]): Promise<Map<number, ResultObject>> {
  const out = new Map<number, ResultObject>();
  let uncached = 0;
  for (const source of sources) {
    const diff: ResultObject = {};
    if ((settings.diffToText !== null || settings.diffTo !== null) && uncached >= MAX_UNCACHED_DIFFS) {
      setFlag(diff, 'notcached', true);
    } else if (settings.diffToText !== null) {
      if (settings.contentFormat && settings.contentFormat !== defaultFormatOf(source.model)) {
        const title = escapeWikiText(run.services.titles.text(source.rev.ns, source.rev.dbKey));
        run.warn('apierror-badformat', settings.contentFormat, source.model, title);
        setFlag(diff, 'badcontentformat', true);
      } else {
        const other = settings.diffToTextPst ? preSaveTransform(run, settings.diffToText) : settings.diffToText;
        setContent(diff, 'body', diffBody(source.content, other));
        uncached++;
      }
    } else if (settings.diffTo !== null) {
      if (await revisionDiff(run, source.rev, settings.diffTo, diff)) uncached++;
    }
    out.set(source.rev.id, diff);
  }
  return out;
}

/**
 * DifferenceEngine between this revision and `diffto` (prev, next, cur = 0, or a revision id).
 * True when a diff was computed: a hidden or missing side, or a revision against itself, is
 * answered before the engine looks at its cache, which MediaWiki counts as a cache hit.
 */
async function revisionDiff(run: QueryRun, rev: RevisionLike, diffTo: number | 'prev' | 'next', diff: ResultObject): Promise<boolean> {
  const store = run.services.store.revisions;
  let oldId: number | false;
  let newId: number | false;
  if (diffTo === 'prev') {
    newId = rev.id;
    oldId = (await neighbour(run, rev, 'older'))?.rev_id ?? false;
  } else if (diffTo === 'next') {
    oldId = rev.id;
    // No next revision: the newest one, "cur", which MediaWiki calls 0.
    newId = (await neighbour(run, rev, 'newer'))?.rev_id ?? 0;
  } else {
    oldId = rev.id;
    newId = diffTo;
  }
  // No previous revision: `from` is false, which formatversion 1 drops like any false.
  if (oldId === false) setFlag(diff, 'from', false, false);
  else diff.from = oldId;
  diff.to = newId;

  let newRow: RevisionRow | undefined;
  if (newId) newRow = (await store.byIds({ revIds: [newId], limit: 1 }))[0];
  else {
    const page = (await run.services.store.pages.byTitles([{ ns: rev.ns, dbKey: rev.dbKey }]))[0];
    newRow = page ? (await store.byIds({ revIds: [page.page_latest], limit: 1 }))[0] : undefined;
  }
  const oldRow = oldId ? (await store.byIds({ revIds: [oldId], limit: 1 }))[0] : undefined;
  const rights = run.caller.rights;
  if (!newRow || (oldId && !oldRow) || (oldRow && !userCanBitfield(oldRow.rev_deleted, DELETED_TEXT, rights)) || !userCanBitfield(newRow.rev_deleted, DELETED_TEXT, rights)) {
    // DifferenceEngine::getDiffBody() is false: formatversion 1 drops it like any false.
    setFlag(diff, 'body', false, false);
    return false;
  }
  if (!oldRow || oldRow.rev_id === newRow.rev_id) {
    setContent(diff, 'body', '');
    return false;
  }
  const texts = await mainTexts(run, [oldRow.rev_id, newRow.rev_id]);
  const body = diffBody(texts.get(oldRow.rev_id) ?? '', texts.get(newRow.rev_id) ?? '');
  // MediaWiki adds a `<!-- diff cache key ... -->` line to a diff it served from its cache; a
  // read-only wiki stores no diff there, so it never serves one from it.
  setContent(diff, 'body', body);
  return true;
}

/** RevisionStore::getPreviousRevision / getNextRevision on the revision's page. */
async function neighbour(run: QueryRun, rev: RevisionLike, dir: 'older' | 'newer'): Promise<RevisionRow | undefined> {
  const page = (await run.services.store.pages.byTitles([{ ns: rev.ns, dbKey: rev.dbKey }]))[0];
  if (!page) return undefined;
  const from = { ts: rev.timestamp, id: dir === 'older' ? rev.id - 1 : rev.id + 1 };
  const rows = await run.services.store.revisions.pageHistory({ pageId: page.page_id, dir, from, limit: 1 });
  return rows[0];
}

async function mainTexts(run: QueryRun, revIds: number[]): Promise<Map<number, string>> {
  const store = run.services.store.revisions;
  const slots = await store.slotsOf(revIds);
  const addresses = new Map<number, string>();
  for (const [id, rows] of slots) {
    const main = rows.find((r) => r.role_name === 'main');
    if (main) addresses.set(id, main.content_address);
  }
  const texts = await store.texts([...addresses.values()]);
  return new Map([...addresses].map(([id, address]) => [id, texts.get(address) ?? '']));
}

/**
 * Pre-save transform of `difftotext`: line endings and trailing whitespace. Signatures, `subst:`
 * and the pipe trick need the parser this server does not have.
 */
function preSaveTransform(run: QueryRun, text: string): string {
  if (/~~~|subst:|\|\]\]/.test(text)) {
    run.fail('apierror-wikiquery-noparser', [run.paramName('difftotextpst')], 'noparser');
  }
  return text.replace(/\s+$/, '').replace(/\r\n?/g, '\n');
}
