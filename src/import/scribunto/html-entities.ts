// The HTML5 named character references PHP knows (get_html_translation_table, ENT_HTML5): what mw.text.decode(s, true) decodes.
//
// PHP's table names each character once: 1,511 of HTML5's 2,125 names, picked by no rule that
// could be written here, so the names are data (php-entity-names.json, in PHP's table); what each
// stands for is the domain core's (src/wiki/html-entities.ts), the same characters.

import { namedEntity } from '../../wiki/html-entities.ts';
import phpEntityNames from './php-entity-names.json' with { type: 'json' };

let entities: Record<string, string> | null = null;

/** `&name;` -> its text, for every reference PHP's HTML5 table has. */
export function htmlEntityTable(): Record<string, string> {
  if (entities) return entities;
  entities = {};
  for (const name of phpEntityNames) entities[`&${name};`] = namedEntity(name)!;
  return entities;
}
