// list=gadgetcategories: Returns a list of gadget categories.
import { defineQueryModule } from '../../api/module.ts';
import type { ParamDecls } from '../../api/params/declaration.ts';
import type { QueryRun } from '../../api/query/run.ts';
import { list, type ResultObject } from '../../api/result.ts';
import { gadgetsBySection } from '../../wiki/gadgets.ts';
import { GADGETS_SOURCE } from '../param-blocks.ts';
import { parsedMessages } from './gadgets.ts';

const params = {
  prop: { type: ['name', 'title', 'members'], default: 'name', multi: true },
  names: { type: 'string', multi: true },
} as const satisfies ParamDecls;

export const gadgetcategories = defineQueryModule({
  prefix: 'gc',
  classname: 'MediaWiki\\Extension\\Gadgets\\Api\\ApiQueryGadgetCategories',
  source: GADGETS_SOURCE,
  helpUrls: [],
  params,
  execute: runGadgetCategories,
});

async function runGadgetCategories(run: QueryRun<typeof params>): Promise<void> {
  const props = new Set(run.params.prop);
  // An empty list of names (`gcnames=`) filters nothing.
  const names = run.params.names?.length ? new Set(run.params.names) : null;
  const sections = [...gadgetsBySection(run.services.gadgets)].filter(([name]) => !names || names.has(name));
  // Gadgets listed before any section heading have no section message.
  const titled = props.has('title') ? sections.filter(([name]) => name !== '') : [];
  const descriptions = new Map<string, string>();
  const texts = await parsedMessages(run, titled.map(([name]) => `gadget-section-${name}`));
  titled.forEach(([name], i) => descriptions.set(name, texts[i]!));
  const items = sections.map(([name, members]): ResultObject => {
    const item: ResultObject = {};
    if (props.has('name')) item.name = name;
    const desc = descriptions.get(name);
    if (desc !== undefined) item.desc = desc;
    if (props.has('members')) item.members = members.length;
    return item;
  });
  run.setQueryValue(run.name, list('category', items));
}
