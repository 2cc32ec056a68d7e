// list=allinfoboxes: every infobox in use on the wiki (the spec's infobox extension).
import { defineQueryModule } from '../../api/module.ts';
import { INFOBOX_SOURCE } from '../param-blocks.ts';

export const allinfoboxes = defineQueryModule({
  prefix: '',
  classname: 'ApiQueryAllInfoboxes',
  source: INFOBOX_SOURCE,
  helpUrls: [],
  params: {},
});
