// The bad image list (MediaWiki:Bad image list, BadFileLookup): files that may not be shown inline,
// each with the pages where they still may be.
import type { TitleCodec } from './titles.ts';

/** The default text of MediaWiki:Bad image list lists no file. */
export type BadFileList = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Reads the list: on each line starting with `*`, the first link names a bad file (its DB key,
 * whatever its namespace) and the later ones the pages (prefixed DB keys) where it may appear.
 */
export function badFileList(text: string | null, titles: TitleCodec): BadFileList {
  const out = new Map<string, Set<string>>();
  if (text === null) return out;
  for (const line of text.split('\n')) {
    if (!line.startsWith('*')) continue;
    let file: string | null = null;
    const exceptions = new Set<string>();
    for (const [index, match] of [...line.matchAll(/\[\[:?(.*?)\]\]/g)].entries()) {
      // A link that is no title is passed over; the line's file is its first link only.
      const title = titles.parse(match[1]!);
      if ('invalid' in title) continue;
      if (index === 0) file = title.dbKey;
      else exceptions.add(`${title.interwiki ? `${title.interwiki}:` : ''}${titles.text(title.ns, title.dbKey).replace(/ /g, '_')}`);
    }
    // A later line for the same file replaces the earlier one's exceptions.
    if (file !== null) out.set(file, exceptions);
  }
  return out;
}

/** BadFileLookup::isBadFile: `name` a file's DB key, `context` a page's prefixed DB key. */
export function isBadFile(list: BadFileList, name: string, context: string | null): boolean {
  const exceptions = list.get(name);
  if (!exceptions) return false;
  return !(context !== null && exceptions.has(context));
}
