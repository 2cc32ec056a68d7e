// The bad image list (MediaWiki:Bad image list, BadFileLookup): files that may not be shown inline,
// each with the pages where they still may be.
import type { TitleCodec } from './titles.ts';

const NS_FILE = 6;

/** The default text of MediaWiki:Bad image list lists no file. */
export type BadFileList = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Reads the list: on each line starting with `*`, the first link names a bad file (DB key) and the
 * later ones the pages (prefixed DB keys) where it may appear.
 */
export function badFileList(text: string | null, titles: TitleCodec): BadFileList {
  const out = new Map<string, Set<string>>();
  if (text === null) return out;
  for (const line of text.split('\n')) {
    if (!line.startsWith('*')) continue;
    const links = [...line.matchAll(/\[\[:?(.*?)\]\]/g)].map((m) => m[1]!);
    if (!links.length) continue;
    const file = titles.parse(links[0]!);
    if ('invalid' in file || file.interwiki || file.ns !== NS_FILE) continue;
    const exceptions = out.get(file.dbKey) ?? new Set<string>();
    for (const link of links.slice(1)) {
      const page = titles.parse(link);
      if ('invalid' in page || page.interwiki) continue;
      exceptions.add(titles.text(page.ns, page.dbKey).replace(/ /g, '_'));
    }
    out.set(file.dbKey, exceptions);
  }
  return out;
}

/** BadFileLookup::isBadFile: `name` a file's DB key, `context` a page's prefixed DB key. */
export function isBadFile(list: BadFileList, name: string, context: string | null): boolean {
  const exceptions = list.get(name);
  if (!exceptions) return false;
  return !(context !== null && exceptions.has(context));
}
