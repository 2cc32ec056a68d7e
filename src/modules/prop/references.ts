// prop=references: the references (footnotes) of the given pages (Cite extension).
import { defineQueryModule } from '../../api/module.ts';
import { msg } from '../../api/i18n/messages.ts';
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
   * The Cite extension of MediaWiki 1.39 no longer has this API module, and the references live
   * only in rendered pages: the answer is MediaWiki 1.39's, which does not know the value.
   */
  execute(run) {
    run.warnings.add(
      'query',
      msg('paramvalidator-unrecognizedvalues', { plaintext: 'prop' }, { plaintext: 'references' }, { list: [{ plaintext: 'references' }], type: 'comma' }, { num: 1 }),
      'unrecognizedvalues',
      { values: ['references'] },
    );
  },
});
