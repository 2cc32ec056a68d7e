// What a query module is: its declaration and, once implemented, the function that runs it.
import type { ModuleDecl, ModuleGroup, ParamDecls } from './params/declaration.ts';
import type { QueryRun } from './query/run.ts';

/** A registered query module, as the query, paraminfo and help modules see it. */
export interface QueryModule {
  decl: ModuleDecl;
  /** Absent while the module is declared but not implemented: requests get a clear error. */
  execute?: (run: QueryRun<ParamDecls>) => Promise<void> | void;
  /** List modules: XML element name of the items of `query.<name>` (e.g. `p` for allpages). */
  itemTag?: string;
  /** A list module that writes its list beside `query` rather than in it (watchlistraw). */
  listBesideQuery?: boolean;
}

/**
 * What a module file defines: its declaration without what its place says (the registry gives
 * `name`, `path` and `group`), how its list items are tagged, and `execute`, whose run reads
 * the declared parameters with their types.
 */
export interface QueryModuleDefinition<P extends ParamDecls = ParamDecls> extends Omit<ModuleDecl, 'name' | 'path' | 'group' | 'params'> {
  params: P;
  itemTag?: string;
  /** A list module that writes its list beside `query` rather than in it (watchlistraw). */
  listBesideQuery?: boolean;
  execute?(run: QueryRun<P>): Promise<void> | void;
}

/** Keeps the literal types of `params`, so that `execute` reads them typed. */
export function defineQueryModule<const P extends ParamDecls>(definition: QueryModuleDefinition<P>): QueryModuleDefinition<P> {
  return definition;
}

/** A definition registered as `<group>=<name>` (path `query+<name>`). */
export function registerQueryModule(group: ModuleGroup, name: string, definition: QueryModuleDefinition): QueryModule {
  const { itemTag, listBesideQuery, execute, ...decl } = definition;
  const module: QueryModule = { decl: { name, path: `query+${name}`, group, ...decl } };
  if (execute) module.execute = execute;
  if (itemTag !== undefined) module.itemTag = itemTag;
  if (listBesideQuery) module.listBesideQuery = true;
  return module;
}
