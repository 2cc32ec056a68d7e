// The one way to read a page's current text, as MediaWiki does: page -> page_latest -> slots ->
// content -> text address -> text. Two plain queries every backend writes the same way; the address
// is parsed and the blob decoded (flags such as gzip) in one place, RevisionStore.texts.
import type { Store } from './store.ts';
import type { TitleKey } from './pages.ts';

/** Text of the main slot of a page's current revision; null when there is none or it cannot be read. */
export async function currentText(store: Pick<Store, 'revisions'>, title: TitleKey): Promise<string | null> {
  const address = await store.revisions.currentMainAddress(title);
  if (address === null) return null;
  return (await store.revisions.texts([address])).get(address) ?? null;
}
