// The TEXT helper's callbacks (mw.text, mw.ustring, mw.language, mw.html); placeholder until they land.

import type { CallbackMap } from './types.ts';

export const textCallbacks: CallbackMap = {};
