// prop=infobox: the infoboxes of the given pages (the spec's infobox extension).
import { defineQueryModule } from '../../api/module.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const infobox = defineQueryModule({
  prefix: 'ib',
  classname: 'ApiQueryInfobox',
  source: INFOBOX_SOURCE,
  helpUrls: [],
  params: {},
});
