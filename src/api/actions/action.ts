// What an action is (MediaWiki's modules under `action=`): one declaration each, with the facts
// MediaWiki's ApiBase states about it, and for the actions this server answers, how it answers.
import type { RequestContext } from '../context.ts';
import type { ModuleDecl, ModuleGroup, ParamDecl, ParamDecls, ParamType } from '../params/declaration.ts';
import type { QueryModuleRegistry } from '../query/query-modules.ts';
import type { ResultNode, ResultObject } from '../result.ts';
import type { FormatName } from '../formats/types.ts';

/** Main-level modules belong to `action` or `format`; query modules to list/prop/meta. */
export type ApiModuleGroup = ModuleGroup | 'action' | 'format';

/**
 * A parameter as paraminfo describes it. Beyond what a served module reads (ParamDecl), the
 * actions this server only describes use MediaWiki's upload type, title parameters that must
 * name an existing page, and templated parameters (`fromtext-{slot}`).
 */
export interface ApiParamDecl extends Omit<ParamDecl, 'type'> {
  type: ParamType | 'upload';
  /** title: the page must exist (paraminfo's `mustExist`). */
  mustExist?: boolean;
  /** A templated parameter: its placeholders and the parameters whose values fill them. */
  templateVars?: Readonly<Record<string, string>>;
  /** The wiki setting without which MediaWiki does not declare the parameter ($wgWatchlistExpiry's `watchlistexpiry`). */
  requiresSite?: 'watchlistExpiry';
  /** integer: the upper bound is the wiki's setting, not `max` (upload's `filesize`: $wgMaxUploadSize). */
  maxFromSite?: 'maxUploadSize';
}

/** A declaration of any module: query modules' ModuleDecl, widened to main-level groups. */
export interface ApiModuleDecl extends Omit<ModuleDecl, 'group' | 'params'> {
  group?: ApiModuleGroup;
  params: Readonly<Record<string, ApiParamDecl>>;
}

/** A module whose parameters this server reads (main, the formats, the served actions). */
export type ReadableModuleDecl = ApiModuleDecl & { params: ParamDecls };

/**
 * What an action adds to the answer: `query` (when it got its first member, RequestContext.tick),
 * then the members added once it has run (`topSeq`): the continuation on top, the others after.
 */
export interface ActionOutcome {
  cacheMode: 'public' | 'private';
  /** ApiMain::setCacheMaxAge by the action: both ages, main's `maxage`/`smaxage` no longer count. */
  cacheMaxAge?: number;
  /** The action's own printer (MediaWiki's getCustomPrinter), instead of main's `format`. */
  printer?: CustomPrinter;
  query: ResultObject | null;
  querySeq?: number;
  top: [string, ResultNode][];
  topSeq: number;
}

/**
 * A printer an action brings (ApiOpenSearch's): one of the formats, with the answer's root as the
 * action wants it.
 */
export interface CustomPrinter {
  format: FormatName;
  /** xml: the root element's name instead of `api`. */
  xmlRootElement?: string;
  /** Root members written as elements in XML (ApiResult::addSubelementsList on the root). */
  rootSubelements?: string[];
  /**
   * JSON: the answer is a list of the root members `0` to `members - 1` and nothing else
   * (ApiOpenSearchFormatJson); warnings are dropped, or answered as the error `warnings`.
   */
  jsonList?: { members: number; warningsAsError: boolean };
}

/** How a served action answers: with an API result, or (help) with a page of its own. */
export type ActionHandler =
  | { result(ctx: RequestContext, action: ServedActionDecl, modules: ApiModules): Promise<ActionOutcome> | ActionOutcome }
  | { page(ctx: RequestContext, modules: ApiModules): string };

/**
 * One action. `writeRights` is MediaWiki's isWriteMode, `mustBePosted` its mustBePosted;
 * `needsToken` (its needsToken) is the token type of its token parameter, which carries it.
 */
export interface ActionDecl extends ApiModuleDecl {
  group: 'action';
  readonly needsToken?: string;
  /** Absent for the actions this server declares (paraminfo describes them) but does not serve. */
  handler?: ActionHandler;
}

/** An action this server answers: it reads its parameters. */
export interface ServedActionDecl extends Omit<ActionDecl, 'params' | 'handler'> {
  params: ParamDecls;
  handler: ActionHandler;
}

/** paraminfo's view of the modules: main, and each module's submodules by path (MediaWiki's module managers). */
export interface ModuleTree {
  readonly main: ApiModuleDecl;
  /** A module's submodules by name; undefined for a module without submodules. */
  submodulesOf(path: string): ReadonlyMap<string, ApiModuleDecl> | undefined;
}

/** Everything declared over the query modules handed to the api layer; built once per process. */
export interface ApiModules {
  readonly queryModules: QueryModuleRegistry;
  /** Every action of MediaWiki 1.39, in ApiMain's registration order. */
  readonly actions: ReadonlyMap<string, ActionDecl>;
  readonly main: ReadableModuleDecl;
  /** ApiPageSet, for paraminfo's deprecated `pagesetmodule`. */
  readonly pageSet: ApiModuleDecl;
  readonly tree: ModuleTree;
}

/** The token type an action's declaration gives its token parameter (MediaWiki's needsToken). */
export function tokenTypeOf(params: ApiModuleDecl['params']): string | undefined {
  for (const name in params) {
    const type = params[name].tokenType;
    if (type !== undefined) return type;
  }
  return undefined;
}

export function isServed(action: ActionDecl): action is ServedActionDecl {
  return action.handler !== undefined;
}
