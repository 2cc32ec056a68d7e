// Which mw.* library files the Lua driver loads, and every TypeScript callback they may call.

import { engineCallbacks } from './callbacks.ts';
import { siteCallbacks } from './site-callbacks.ts';
import { textCallbacks } from './text-callbacks.ts';
import type { CallbackMap } from './types.ts';

/** Library files under lua/, in the order the driver runs them (later ones may use earlier ones). */
export const LIBRARY_FILES = [
  'mw.ustring.lua',
  'mw.text.lua',
  'mw.language.lua',
  'mw.html.lua',
  'mw.site.lua',
  'mw.uri.lua',
  'mw.title.lua',
  'mw.message.lua',
] as const;

export const allCallbacks: CallbackMap = { ...textCallbacks, ...siteCallbacks, ...engineCallbacks };
