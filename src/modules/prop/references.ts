// prop=references: the references (footnotes) of the given pages (Cite extension).
import { defineQueryModule } from '../../api/module.ts';
import { CONT } from '../../api/params/common.ts';
import { CITE_SOURCE } from '../param-blocks.ts';

export const references = defineQueryModule({
  prefix: 'rf',
  classname: 'ApiQueryReferences',
  source: CITE_SOURCE,
  helpUrls: [],
  params: {
    continue: CONT,
  },
  /**
   * The Cite extension's module (MediaWiki 1.39's Cite no longer has it; its last source is the
   * truth): reference data is read only where the wiki stores it ($wgCiteStoreReferencesData),
   * which no wiki served here does, so the answer is that extension's error.
   */
  execute(run) {
    run.fail('apierror-citestoragedisabled');
  },
});
