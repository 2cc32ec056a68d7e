// The values and callbacks shared by the Lua engine (engine.ts, driver.lua) and the mw.* libraries.

import type { TitleCodec } from '../title.ts';
import type { ExpansionHost, PageContext, SiteFacts, WikiLookup } from '../wikitext/expansion.ts';

/** A Lua table key: Lua allows any non-nil value; modules only ever pass these through the bridge. */
export type LuaKey = string | number | boolean;

/** A value as it crosses between Lua and TypeScript. Lua's nil is null; functions do not cross. */
export type LuaValue = null | boolean | number | string | LuaTable;

/** A Lua table, keys kept exactly (1 and '1' are different keys, as in Lua). */
export class LuaTable extends Map<LuaKey, LuaValue> {
  /** The sequence part: t[1], t[2], ... up to the first nil. */
  sequence(): LuaValue[] {
    const out: LuaValue[] = [];
    for (let i = 1; this.has(i); i++) out.push(this.get(i)!);
    return out;
  }

  /** A string-keyed field, or undefined when absent or not a string. */
  string(key: LuaKey): string | undefined {
    const v = this.get(key);
    return typeof v === 'string' ? v : undefined;
  }

  number(key: LuaKey): number | undefined {
    const v = this.get(key);
    return typeof v === 'number' ? v : undefined;
  }
}

/**
 * What a callback may return: Lua values, plus plain arrays (a Lua sequence 1..n) and plain
 * objects (string keys) for convenience; undefined is nil.
 */
export type JsValue = LuaValue | undefined | JsValue[] | { [key: string]: JsValue };

/** What a callback knows about the page being parsed and the wiki. */
export interface ScribuntoContext {
  codec: TitleCodec;
  wiki: WikiLookup;
  site: SiteFacts;
  /** The page whose links are being built (mw.title.getCurrentTitle). */
  page: PageContext;
  /** The page's expander: addLink/addTemplate register links tables rows, as MediaWiki's parser output does. */
  expander: ExpansionHost;
}

/**
 * A function Lua calls with `host.call(name, ...)`: the arguments as they came from Lua, one
 * value back (return a table for several).
 */
export type Callback = (ctx: ScribuntoContext, args: LuaValue[]) => JsValue;

export type CallbackMap = Record<string, Callback>;

/** Thrown by a callback to raise a Lua error with this message, without a location (as Scribunto's own host functions do). */
export class LuaCallbackError extends Error {
  override name = 'LuaCallbackError';
}
