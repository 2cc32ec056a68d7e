// list=random: Get a set of random pages.
import { defineQueryModule } from '../../api/module.ts';
import { MEDIAWIKI_SOURCE, type ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { CONT, NAMESPACES, limit } from '../../api/params/common.ts';
import { setFlag, type ResultObject } from '../../api/result.ts';
import type { RandomPageRow, RedirectFilter } from '../../store/pages.ts';

const params = {
  namespace: NAMESPACES,
  filterredir: { type: ['all', 'redirects', 'nonredirects'], default: 'nonredirects' },
  redirect: { type: 'boolean', deprecated: true },
  limit: limit(1),
  continue: CONT,
} as const satisfies ParamDecls;

export const random = defineQueryModule({
  prefix: 'rn',
  classname: 'ApiQueryRandom',
  source: MEDIAWIKI_SOURCE,
  helpUrls: ['https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random'],
  generator: true,
  params,
  itemTag: 'page',
  execute: runRandom,
});

type RandomRun = QueryRun<typeof params>;

/** A point on the page_random scale as MediaWiki writes one (`0.` and digits). */
const RANDOM_POINT = /^0\.\d+$/;

/** wfRandom: a point in [0, 1) with 12 decimals. */
function randomPoint(): string {
  return Math.random().toFixed(12);
}

/** A page_random value as the database hands it to PHP, always `0.` and digits. */
function pointText(value: number): string {
  const text = String(value);
  return RANDOM_POINT.test(text) ? text : value.toFixed(12);
}

interface Walk {
  /** Where this walk started on the page_random scale; the continuation carries it. */
  rand: string;
  start: string | null;
  startId: number;
  /** Set once the walk has wrapped around past 1 and reads up to `rand`. */
  end: string | null;
}

function startingWalk(run: RandomRun): Walk {
  const cont = run.params.continue;
  if (cont === undefined) {
    const rand = randomPoint();
    return { rand, start: rand, startId: 0, end: null };
  }
  const parts = cont.split('|');
  if (parts.length !== 4) run.fail('apierror-badcontinue');
  const [rand, start, id, endFlag] = parts as [string, string, string, string];
  const startId = parseInt(id, 10) || 0;
  if (!RANDOM_POINT.test(rand) || !RANDOM_POINT.test(start) || id !== String(startId)) run.fail('apierror-badcontinue');
  if (endFlag !== '0' && endFlag !== '1') run.fail('apierror-badcontinue');
  return { rand, start, startId, end: endFlag === '1' ? rand : null };
}

async function runRandom(run: RandomRun): Promise<void> {
  if (run.rawParam('filterredir') !== undefined && run.params.redirect) {
    run.fail(
      'apierror-invalidparammix',
      [{ list: [`<var>${run.paramName('filterredir')}</var>`, `<var>${run.paramName('redirect')}</var>`], type: 'text' }, 2],
      'invalidparammix',
    );
  }
  const redirects: RedirectFilter = run.params.redirect ? 'redirects' : run.params.filterredir;
  const walk = startingWalk(run);

  /** One read along page_random; the pages still wanted and where to continue, if anywhere. */
  const read = async (limit: number, start: string | null, startId: number, end: string | null): Promise<[number, string | null]> => {
    const rows: RandomPageRow[] = await run.services.store.pages.randomPages({
      namespaces: run.params.namespace ?? null,
      redirects,
      start: start === null ? null : Number(start),
      startId,
      end: end === null ? null : Number(end),
      limit: limit + 1,
    });
    let count = 0;
    for (const row of rows) {
      const here = `${pointText(row.page_random)}|${row.page_id}`;
      if (count++ >= limit) return [0, here];
      if (run.generator) {
        run.generator.addPageId(row.page_id);
        continue;
      }
      const item: ResultObject = {
        id: row.page_id,
        ns: row.page_namespace,
        title: run.services.titles.text(row.page_namespace, row.page_title),
      };
      if (redirects === 'all') setFlag(item, 'redirect', row.page_is_redirect === 1, false);
      if (!run.addItem(item)) return [0, here];
    }
    return [limit - count, null];
  };

  let end = walk.end;
  let [left, next] = await read(run.params.limit, walk.start, walk.startId, end);
  if (end === null && next === null) {
    // Past the top of the scale: wrap around and read from 0 up to where the walk began.
    end = walk.rand;
    [left, next] = await read(left, null, 0, end);
  }
  if (next !== null) run.setContinue('continue', `${walk.rand}|${next}|${end === null ? 0 : 1}`);
}
