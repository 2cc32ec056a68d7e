// prop=references: the references (footnotes) of the given pages (Cite extension).
import { defineQueryModule } from '../../api/module.ts';
import { CONT } from '../../api/params/common.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { setIndexedTagName, setType, type ResultNode, type ResultObject } from '../../api/result.ts';
import { answeredReferences, decodeStoredReferences, referencesProperty, type PhpValue } from '../../wiki/cite-references.ts';
import { phpInt } from '../../wiki/php-values.ts';
import { CITE_SOURCE } from '../param-blocks.ts';

const params = {
  continue: CONT,
} as const;

export const references = defineQueryModule({
  prefix: 'rf',
  classname: 'ApiQueryReferences',
  source: CITE_SOURCE,
  helpUrls: [],
  params,
  execute: listReferences,
});

/** The stored pieces' names all start so (`references-1`, `references-2`...). */
const PIECE_PREFIX = referencesProperty(1).slice(0, -1);

/**
 * The Cite extension's ApiQueryReferences (MediaWiki 1.39's Cite no longer has it; its last
 * source is the truth): without $wgCiteStoreReferencesData, that extension's error; with it, each
 * page's stored references (src/wiki/cite-references.ts), by id, in page id order, a page
 * without data answering an empty set. A page that no longer fits is where rfcontinue resumes.
 */
async function listReferences(run: QueryRun<typeof params>): Promise<void> {
  if (run.services.site.citeStoreReferencesData !== true) run.fail('apierror-citestoragedisabled');
  const raw = run.params.continue;
  let startId: number | null = null;
  if (raw !== undefined) {
    startId = phpInt(raw);
    if (String(startId) !== raw) run.fail('apierror-badcontinue');
  }
  let ids = [...new Set(run.pageset.goodPages().map((page) => page.pageId))].sort((a, b) => a - b);
  // Cite skips every page until the one it was told to start at (all of them when it is not asked for).
  if (startId !== null) {
    const at = ids.indexOf(startId);
    ids = at < 0 ? [] : ids.slice(at);
  }
  if (ids.length === 0) return;
  const stored = await run.services.store.pages.propBytesWithPrefix(ids, PIECE_PREFIX);
  for (const pageId of ids) {
    const refs: ResultObject = {};
    setType(refs, 'kvp', 'id');
    setIndexedTagName(refs, 'rf');
    for (const [id, ref] of answeredReferences(decodeStoredReferences(stored.get(pageId) ?? new Map()))) refs[id] = resultValue(ref);
    if (!run.addPageFieldsIfFits(pageId, { references: refs })) {
      run.setContinue('continue', pageId);
      break;
    }
  }
}

/** A json_decode'd value as ApiResult holds it: a PHP list as a list, any other array as an object. */
function resultValue(value: PhpValue): ResultNode {
  if (!(value instanceof Map)) return value;
  let expected = 0;
  const isList = [...value.keys()].every((key) => key === expected++);
  if (isList) return [...value.values()].map(resultValue);
  const out: ResultObject = {};
  for (const [key, inner] of value) out[String(key)] = resultValue(inner);
  return out;
}
