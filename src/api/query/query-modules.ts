// The query modules handed to the api layer (list, prop, meta), found by group and name.
import type { QueryModule } from '../module.ts';
import type { ModuleDecl, ModuleGroup } from '../params/declaration.ts';

export class QueryModuleRegistry {
  private readonly byGroup = new Map<ModuleGroup, Map<string, QueryModule>>();

  constructor(readonly all: readonly QueryModule[]) {
    for (const m of all) {
      const group = m.decl.group!;
      let g = this.byGroup.get(group);
      if (!g) this.byGroup.set(group, (g = new Map()));
      g.set(m.decl.name, m);
    }
  }

  get(group: ModuleGroup, name: string): QueryModule | undefined {
    return this.byGroup.get(group)?.get(name);
  }

  byName(name: string): QueryModule | undefined {
    for (const g of this.byGroup.values()) {
      const m = g.get(name);
      if (m) return m;
    }
    return undefined;
  }

  decls(group?: ModuleGroup): ModuleDecl[] {
    const decls = this.all.map((m) => m.decl);
    return group === undefined ? decls : decls.filter((d) => d.group === group);
  }
}
