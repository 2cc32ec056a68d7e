// prop=infobox: the infoboxes of the given pages (the spec's infobox extension).
import { defineQueryModule } from '../../api/module.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, setFlag, type ResultNode, type ResultObject } from '../../api/result.ts';
import { decodeInfoboxes, INFOBOXES_PROPERTY } from '../../wiki/infobox.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const infobox = defineQueryModule({
  prefix: 'ib',
  classname: 'ApiQueryInfobox',
  source: INFOBOX_SOURCE,
  helpUrls: [],
  params: {},
  execute: runInfobox,
});

/**
 * PortableInfobox's ApiQueryPortableInfobox: for each page whose `infoboxes` property holds
 * saved infoboxes, their number, parser tag version and metadata (the render data stays out).
 */
async function runInfobox(run: QueryRun): Promise<void> {
  const ids = run.pageset.goodPages().map((page) => page.pageId).sort((a, b) => a - b);
  if (ids.length === 0) return;
  const stored = await run.services.store.pages.props(ids, INFOBOXES_PROPERTY);
  for (const id of ids) {
    const infoboxes = decodeInfoboxes(stored.get(id));
    if (infoboxes.length === 0) continue;
    const items = infoboxes.map((saved, index): ResultObject => {
      const fields = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
      return {
        id: index,
        parser_tag_version: resultValue(fields.parser_tag_version ?? null),
        metadata: metadataList(fields.metadata),
      };
    });
    run.addPageFields(id, { infoboxes: list('infobox', items) });
  }
}

/** A metadata list, its groups' lists named `metadata` in XML as the extension names them. */
function metadataList(value: unknown): ResultNode {
  if (!Array.isArray(value)) return resultValue(value ?? null);
  return list(
    'metadata',
    value.map((node) => {
      const converted = resultValue(node);
      if (converted && typeof converted === 'object' && !Array.isArray(converted) && (node as { type?: unknown }).type === 'group') {
        (converted as ResultObject).metadata = metadataList((node as { metadata?: unknown }).metadata);
      }
      return converted;
    }),
  );
}

/** A json_decode'd value as ApiResult holds it; its booleans are the API's flags. */
function resultValue(value: unknown): ResultNode {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(resultValue);
  const out: ResultObject = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (typeof inner === 'boolean') setFlag(out, key, inner, false);
    else out[key] = resultValue(inner);
  }
  return out;
}
