// Which pages of the Module namespace hold Lua, JSON or documentation (Scribunto's ContentHandlerDefaultModelFor hook).
import { isDisabledMessage } from './messages.ts';
import { isInvalidTitle, type TitleCodec } from './titles.ts';

export const NS_MODULE = 828;

/** Scribunto's content model (CONTENT_MODEL_SCRIBUNTO); its handler is a CodeContentHandler. */
export const SCRIBUNTO_MODEL = 'Scribunto';

/** Scribunto::isDocPage for one wiki: whether a prefixed title text names a module's documentation. */
export type DocPageTest = (prefixedText: string) => boolean;

/** Characters preg_quote escapes that also mean something in a JavaScript pattern. */
const PATTERN_SPECIALS = /[.*+?^${}()|[\]\\/]/g;

/**
 * The test Scribunto::isDocPage makes from the `scribunto-doc-page-name` message (`Module:$1/doc`):
 * the message read as a title, `$1` standing for any module name. A disabled message (empty or
 * `-`) or one that is no title means no page is documentation.
 */
export function docPageTest(message: string | undefined, titles: TitleCodec): DocPageTest {
  if (isDisabledMessage(message)) return () => false;
  const docTitle = titles.parse(message);
  if (isInvalidTitle(docTitle)) return () => false;
  const pattern = titles.prefixedText(docTitle).replace(PATTERN_SPECIALS, '\\$&').replaceAll('\\$1', '(.+)');
  const docPage = new RegExp(`^${pattern}$`);
  return (prefixedText) => {
    const moduleName = docPage.exec(prefixedText)?.[1];
    return moduleName !== undefined && titles.makeSafe(NS_MODULE, moduleName) !== null;
  };
}

/**
 * The model Scribunto gives a page by its title before it exists: JSON for `.json` modules,
 * Scribunto for the others, nothing (wikitext stays) for documentation and other namespaces.
 */
export function scribuntoDefaultModel(ns: number, text: string, prefixedText: string, isDocPage: DocPageTest): string | undefined {
  if (ns !== NS_MODULE) return undefined;
  if (text.endsWith('.json')) return 'json';
  return isDocPage(prefixedText) ? undefined : SCRIBUNTO_MODEL;
}

/**
 * Scribunto's ContentHandlerDefaultModelFor hook on a wiki that loads it, whose
 * `scribunto-doc-page-name` message reads `docPageMessage`.
 */
export function scribuntoModelHook(docPageMessage: string | undefined, titles: TitleCodec): (ns: number, text: string) => string | undefined {
  const isDocPage = docPageTest(docPageMessage, titles);
  return (ns, text) => scribuntoDefaultModel(ns, text, titles.text(ns, titles.toDbKey(text)), isDocPage);
}
