// What a running query module sees: its parameters, the services, the page set, and the ways to
// write results, continue, or feed a generator.
import type { ParamDecls } from '../params/declaration.ts';
import type { ParamValuesOf } from '../params/values.ts';
import type { ApiServices } from '../services.ts';
import type { Caller } from '../caller.ts';
import type { ErrorFormat, WarningLog } from '../errors.ts';
import type { MessageParam } from '../i18n/messages.ts';
import type { ResultNode, ResultObject } from '../result.ts';
import type { ContinueValue } from './continuation.ts';
import type { PageSet, PageEntry, RedirectMergePolicy } from './pageset.ts';

/** Where a module running as a generator puts the pages it finds. */
export interface GeneratorSink {
  /** A page known to exist (a row from `page`). */
  addPageId(pageId: number): void;
  /** A title that may or may not exist (link targets). */
  addTitle(ns: number, dbKey: string): void;
  /** generator=revisions-like modules: a revision id (its page joins the set). */
  addRevisionId?(revId: number): void;
  /**
   * Data about one generated title that its page's record shows (ApiPageSet::setGeneratorData:
   * a search rank as `index`), and so does the `redirects` entry of a redirect resolved from it.
   */
  setPageData(ns: number, dbKey: string, data: ResultObject): void;
  /** How a resolved redirect's data joins its target's record; without one it does not. */
  setRedirectMergePolicy(merge: RedirectMergePolicy): void;
}

/**
 * `P` is the module's parameter declarations: `params` then has their validated values' types.
 * A plain `QueryRun` reads no parameters (helpers that need only services and output).
 */
export interface QueryRun<P extends ParamDecls = Record<never, never>> {
  /** `allpages` */
  readonly name: string;
  /** `query+allpages` */
  readonly path: string;
  /** `ap`, or `gap` when running as a generator. */
  readonly prefix: string;
  /**
   * Validated values (defaults applied, `limit=max` resolved, errors and warnings already given):
   * `run.params.dir` is `'ascending' | 'descending'`; a parameter without a default that was not
   * given is undefined.
   */
  readonly params: ParamValuesOf<P>;
  readonly services: ApiServices;
  readonly caller: Caller;
  readonly warnings: WarningLog;
  readonly formatVersion: 1 | 2;
  /** Set when the module runs as a generator: results go here, not into the output. */
  readonly generator: GeneratorSink | null;
  /** The pages of the request (prop modules work on `pageset.goodPages()`). */
  readonly pageset: PageSet;
  /** `redirects=1`: the page set resolves redirects (generator results included). */
  readonly resolveRedirects: boolean;
  /** The request's errorformat and error language, for modules that render messages into data. */
  readonly errorFormat: ErrorFormat;
  readonly errorLang: string;
  /** The request's interface language (uselang), in which modules render the texts they answer. */
  readonly useLang: string;
  /** The request's HTTP headers, names lower-cased (userinfo `acceptlang`). */
  readonly requestHeaders: Readonly<Record<string, string | undefined>>;
  /** ApiMain::lacksSameOriginSecurity: JSONP, `origin=*` or Treat-as-Untrusted (no tokens then). */
  readonly lacksSameOriginSecurity: boolean;

  /** The request's own text for a parameter (`name` without prefix), before validation. */
  rawParam(name: string): string | undefined;
  /** The request's own text for a parameter no module declares (`variant`, which the language converter reads). */
  requestText(name: string): string | undefined;
  /** Reports a module-resolved `limit=max` under the top-level `limits` (ApiResult::addParsedLimit). */
  setParsedLimit(value: number): void;

  /**
   * Appends an item to this module's list in the output (`query.<name>`), XML tag `tag`.
   * Returns false when the result would grow past the size limit: stop and continue there.
   */
  addItem(item: ResultNode, tag?: string): boolean;
  /** Sets `query.<key>` (meta modules: `general`, `namespaces`, ...). */
  setQueryValue(key: string, value: ResultNode): void;
  /** Sets `query.<key>` ahead of this module's own list (list=search's `searchinfo`). */
  setQueryValueBeforeList(key: string, value: ResultNode): void;
  /** Merges fields into the output record of a page (prop=info). */
  addPageFields(pageId: number, fields: ResultObject): void;
  /**
   * Merges fields into a page's record when they fit under the result size limit
   * (ApiQueryBase::addPageSubItems with a whole value); false, adding nothing, when full.
   */
  addPageFieldsIfFits(pageId: number, fields: ResultObject): boolean;
  /** Appends an item to a list under a page (`revisions`, `links`, ...). Returns false when full. */
  addPageItem(pageId: number, listKey: string, item: ResultNode, tag?: string): boolean;
  /** Continue from `value` next time; `param` without prefix (`continue`, `from`, ...). */
  setContinue(param: string, value: ContinueValue): void;
  /**
   * As a generator: where this batch started (`param` without prefix), sent back when only prop
   * modules continue so that the same batch is read again though the data may have changed.
   */
  setGeneratorBatchStart(param: string, value: ContinueValue): void;
  /** Sets a top-level result value (`limits`, `normalized`, ...). Rarely needed. */
  setTopValue(key: string, value: ResultNode): void;

  warn(key: string, ...params: MessageParam[]): void;
  /** Throws MediaWiki's usage error; `code` defaults to the one derived from the key. */
  fail(key: string, params?: MessageParam[], code?: string, data?: Record<string, ResultNode>): never;
  /** Fully prefixed parameter name (`aplimit`, `gaplimit`). */
  paramName(name: string): string;
  /** A deprecation warning (adds MediaWiki's mailing-list note once). */
  deprecated(key: string, params: MessageParam[], feature: string): void;
}

export type { PageEntry, RedirectMergePolicy };
