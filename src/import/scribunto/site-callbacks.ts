// The SITE helper's callbacks (mw.title, mw.site, mw.uri, mw.message); placeholder until they land.

import type { CallbackMap } from './types.ts';

export const siteCallbacks: CallbackMap = {};
