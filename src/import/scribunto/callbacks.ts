// The engine's own callbacks (engine.*): module source, frame arguments, preprocessing, templates.

import type { CallbackMap } from './types.ts';

export const engineCallbacks: CallbackMap = {};
