// What a query module is: its declaration and, once implemented, the function that runs it.
import type { ModuleDecl } from './params/declaration.ts';
import type { QueryRun } from './query/run.ts';

export interface QueryModule {
  decl: ModuleDecl;
  /** Absent while the module is declared but not implemented: requests get a clear error. */
  execute?: (run: QueryRun) => Promise<void> | void;
  /** List modules: XML element name of the items of `query.<name>` (e.g. `p` for allpages). */
  itemTag?: string;
}
