// {{#invoke:}}: Scribunto's parser function, which runs a Lua module's function through src/import/scribunto.

import type { TemplatePart } from '../../wiki/preprocessor.ts';
import { invokeModule, scribuntoEngine } from '../scribunto/engine.ts';
import { MAX_DEPTH, type CallHost, type FunctionSpec } from './call-handlers.ts';
import type { ExpansionFrame } from './expansion.ts';
import { decodeCharReferencesOnly } from '../../wiki/titles.ts';

export const MODULE_NS = 828;

/** Scribunto's tracking category, for every script error on a page. */
export const SCRIPT_ERROR = 'scribunto-common-error-category';

/** Script errors shown so far on a page: each error's element has its own id. */
const scriptErrorCounts = new WeakMap<CallHost, number>();

function scriptError(x: CallHost, message: string): string {
  x.out.tracking.add(SCRIPT_ERROR);
  const id = scriptErrorCounts.get(x) ?? 0;
  scriptErrorCounts.set(x, id + 1);
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<strong class="error"><span class="scribunto-error" id="mw-scribunto-error-${id}">${escaped}</span></strong>`;
}

/**
 * Scribunto's #invoke (Hooks::invokeHook): the module is `Module:<first>` (fetched like a
 * template, so it and its redirects are transclusions), the function is the next part, and the
 * module's frame holds the remaining parts. Its output is not expanded again. Without a Lua
 * interpreter the module is only recorded.
 */
function invoke(x: CallHost, frame: ExpansionFrame, first: string, parts: TemplatePart[]): string {
  // Title::makeTitleSafe(NS_MODULE, name): `Module:Module:X` for {{#invoke:Module:X}}, as in Scribunto.
  const name = decodeCharReferencesOnly(first);
  const nsName = x.codec.namespaces.name(MODULE_NS);
  const title = nsName ? x.codec.parse(`${nsName}:${name}`) : x.codec.parse(name, MODULE_NS);
  const module = title && title.interwiki === '' && title.ns === MODULE_NS && title.dbKey ? title : null;
  if (!scribuntoAvailable(x)) {
    if (module) x.addTemplate(MODULE_NS, module.dbKey);
    return '';
  }
  if (parts.length === 0) return scriptError(x, 'Script error: You must specify a function to call.');
  // Modules that preprocess their own #invoke would otherwise recurse until a stack gives out.
  if (frame.depth >= MAX_DEPTH) return scriptError(x, 'Lua error: too many nested module calls.');
  const fetched = module ? x.fetchTemplate(module) : null;
  if (!fetched || fetched.title.ns !== MODULE_NS) return scriptError(x, `Script error: No such module "${first}".`);
  const functionName = x.partText(parts[0]!, frame);
  const moduleText = x.codec.namespaces.prefixedText(fetched.title.ns, fetched.title.dbKey);
  const child = x.invokeFrame(parts.slice(1), frame, fetched.title);
  const result = invokeModule(x, { title: moduleText, text: fetched.text }, functionName, child, frame);
  if (result === null) return '';
  // Hooks::invokeHook returns Validator::cleanUp(output): NFC, as any text MediaWiki takes in.
  return result.ok ? result.text.normalize('NFC') : scriptError(x, result.error);
}

/** Whether this thread can run Lua (checked once: a missing interpreter keeps #invoke as a mere record). */
function scribuntoAvailable(x: CallHost): boolean {
  return scribuntoEngine(x) !== null;
}

export const INVOKE_FUNCTION: FunctionSpec = { ids: ['invoke'], extension: 'Scribunto', handler: (x, frame, first, parts) => invoke(x, frame, first, parts) };
