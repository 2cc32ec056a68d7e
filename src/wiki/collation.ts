// Category sort keys in MediaWiki's `uppercase` collation ($wgCategoryCollation's default).

/** UppercaseCollation::getSortKey: the whole key uppercased (Language::uc, i.e. mb_strtoupper). */
export function uppercaseSortKey(key: string): string {
  return key.toUpperCase();
}
