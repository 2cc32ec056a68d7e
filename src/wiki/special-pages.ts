// Special page names: canonical names and their aliases (from MediaWiki 1.39, English).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const aliasesByRealName: Record<string, string[]> = require('./special-pages.json');

export class SpecialPages {
  /** Case-folded alias -> canonical name (the first alias, as MediaWiki shows it). */
  private readonly byFolded = new Map<string, string>();

  constructor(extraRealNames: Record<string, string[]> = {}) {
    for (const table of [aliasesByRealName, extraRealNames]) {
      for (const [realName, aliases] of Object.entries(table)) {
        const canonical = aliases[0] ?? realName;
        for (const name of [realName, ...aliases]) {
          const folded = name.toLowerCase();
          if (!this.byFolded.has(folded)) this.byFolded.set(folded, canonical);
        }
      }
    }
  }

  /** `Recentchanges/50` -> `RecentChanges/50`; unknown names are returned unchanged. */
  canonicalize(dbKey: string): string {
    const slash = dbKey.indexOf('/');
    const name = slash < 0 ? dbKey : dbKey.slice(0, slash);
    const canonical = this.byFolded.get(name.toLowerCase());
    if (!canonical) return dbKey;
    return slash < 0 ? canonical : canonical + dbKey.slice(slash);
  }

  exists(dbKey: string): boolean {
    const slash = dbKey.indexOf('/');
    return this.byFolded.has((slash < 0 ? dbKey : dbKey.slice(0, slash)).toLowerCase());
  }

  /** `specialpagealiases` of siteinfo: real name and aliases, in MediaWiki's order. */
  static table(): Record<string, string[]> {
    return aliasesByRealName;
  }
}
