// The engine's own callbacks (engine.*): module source, frame arguments, preprocessing, templates, parser functions.

import { ExprError, expressionResult } from '../../wiki/expr.ts';
import type { ExpansionFrame } from '../wikitext/expansion.ts';
import { LuaCallbackError, LuaTable, type CallbackMap, type LuaValue, type ScribuntoContext } from './types.ts';
import { NS } from '../../wiki/namespaces.ts';

const MODULE_NS = 828;

/** The frames Lua holds by number during one page (reset at each page). */
class FrameRegistry {
  private readonly byId = new Map<number, ExpansionFrame>();
  private readonly ids = new Map<ExpansionFrame, number>();
  private nextId = 1;

  reset(): void {
    this.byId.clear();
    this.ids.clear();
    this.nextId = 1;
  }

  idOf(frame: ExpansionFrame): number {
    let id = this.ids.get(frame);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(frame, id);
      this.byId.set(id, frame);
    }
    return id;
  }

  get(id: LuaValue): ExpansionFrame {
    const frame = typeof id === 'number' ? this.byId.get(id) : undefined;
    if (!frame) throw new LuaCallbackError('invalid frame ID');
    return frame;
  }
}

export const frameRegistry = new FrameRegistry();

/** The modules whose text Lua has compiled (each text crosses once); cleared when Lua forgets them. */
export const modulesSent = new Set<string>();

function text(value: LuaValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return luaNumberText(value);
  return '';
}

/** A number as Lua's tostring writes it (%.14g). */
export function luaNumberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  const s = n.toPrecision(14);
  if (s.includes('e')) {
    const [mantissa, exponent] = s.split('e') as [string, string];
    const m = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
    const e = Number(exponent);
    return `${m}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** PHP array keys: "1" is the integer 1, "01" stays a string. */
function argumentKey(name: string): string | number {
  if (/^(?:0|-?[1-9]\d{0,17})$/.test(name)) {
    const n = Number(name);
    if (Number.isSafeInteger(n)) return n;
  }
  return name;
}

/** Arguments handed by Lua (keys strings or numbers, values already strings) as a name -> text map. */
function textArguments(value: LuaValue | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (value instanceof LuaTable) for (const [k, v] of value) out.set(typeof k === 'number' ? luaNumberText(k) : String(k), text(v));
  return out;
}

function prefixed(ctx: ScribuntoContext, title: { ns: number; dbKey: string }): string {
  return ctx.codec.namespaces.prefixedText(title.ns, title.dbKey);
}

export const engineCallbacks: CallbackMap = {
  /**
   * A module page's source for require (recorded in templatelinks, redirects followed):
   * { title, text }, the text left out when Lua has it already; nil when there is no module.
   */
  'engine.loadModule': (ctx, [name, resend]) => {
    const title = ctx.codec.parse(text(name));
    if (!title || title.interwiki !== '' || title.ns !== MODULE_NS || !title.dbKey) return null;
    const fetched = ctx.expander.fetchTemplate(title);
    if (!fetched || fetched.title.ns !== MODULE_NS) return null;
    const key = prefixed(ctx, fetched.title);
    const sent = modulesSent.has(key) && resend !== true;
    modulesSent.add(key);
    return { title: key, text: sent ? undefined : fetched.text };
  },

  'engine.argument': (ctx, [id, name]) => ctx.expander.frameArgument(frameRegistry.get(id ?? null), text(name)),

  /** All of a frame's arguments as a flat list k1, v1, k2, v2... in PPFrame::getArguments' order. */
  'engine.arguments': (ctx, [id]) => {
    const frame = frameRegistry.get(id ?? null);
    const flat: Array<string | number | null> = [];
    for (const name of ctx.expander.frameArgumentNames(frame)) flat.push(argumentKey(name), ctx.expander.frameArgument(frame, name));
    return flat;
  },

  'engine.frameTitle': (ctx, [id]) => {
    const frame = frameRegistry.get(id ?? null);
    return prefixed(ctx, frame.title ?? { ns: ctx.page.ns, dbKey: ctx.page.dbKey });
  },

  'engine.newChild': (ctx, [id, titleText, args]) => {
    const parent = frameRegistry.get(id ?? null);
    let title: { ns: number; dbKey: string } | null = null;
    if (typeof titleText === 'string') {
      const parsed = ctx.codec.parse(titleText);
      if (!parsed || parsed.interwiki !== '') throw new LuaCallbackError('newChild: invalid title "' + titleText + '"');
      title = parsed;
    }
    return frameRegistry.idOf(ctx.expander.childFrame(parent, title, textArguments(args)));
  },

  /**
   * frame:expandTemplate. When Lua can keep the answer (it asks with `keepable`) and the expansion
   * depends on the arguments alone, the answer is a table: the text, its size as the output limit
   * counts it, the final title (for loop checks) and the titles to record as transclusions.
   */
  'engine.expandTemplate': (ctx, [id, titleText, args, keepable]) => {
    const frame = frameRegistry.get(id ?? null);
    const name = text(titleText);
    const title = ctx.codec.parse(name, NS.TEMPLATE);
    if (!title) throw new LuaCallbackError(`expandTemplate: invalid title "${name}"`);
    const result = ctx.expander.expandTemplateIn(frame, title, name, textArguments(args));
    if ('error' in result) throw new LuaCallbackError(result.error);
    if (keepable !== true || !result.reusable) return result.text;
    const { target, titles } = result.reusable;
    return { text: result.text, size: result.text.length, target: `${target.ns}:${target.dbKey}`, titles: titles.flatMap((t) => [t.ns, t.dbKey]) };
  },

  /** Lua used a kept frame:expandTemplate answer: what expanding it again would have recorded. */
  'engine.templateAnswerUsed': (ctx, [size, titles]) => {
    const flat = titles instanceof LuaTable ? titles : new LuaTable();
    const recorded: Array<{ ns: number; dbKey: string }> = [];
    for (let i = 1; flat.get(i) !== undefined; i += 2) recorded.push({ ns: Number(flat.get(i)), dbKey: text(flat.get(i + 1)) });
    ctx.expander.noteTemplateAnswerUsed(recorded, Number(size));
    return null;
  },

  'engine.preprocess': (ctx, [id, source]) => ctx.expander.preprocessIn(frameRegistry.get(id ?? null), text(source)),

  'engine.callParserFunction': (ctx, [id, nameValue, args]) => {
    const frame = frameRegistry.get(id ?? null);
    let name = text(nameValue);
    const positional: string[] = [];
    const named = new Map<string, string>();
    if (args instanceof LuaTable) {
      const numbers = [...args.keys()].filter((k): k is number => typeof k === 'number').sort((a, b) => a - b);
      for (const k of numbers) positional.push(text(args.get(k)));
      const names = [...args.keys()].filter((k): k is string => typeof k === 'string').sort();
      for (const k of names) named.set(k, text(args.get(k)));
    }
    const colon = name.indexOf(':');
    if (colon >= 0) {
      positional.unshift(name.slice(colon + 1).trim());
      name = name.slice(0, colon);
    }
    if (positional.length === 0) {
      throw new LuaCallbackError(
        'callParserFunction: At least one unnamed parameter (the parameter that comes after the colon in wikitext) must be provided',
      );
    }
    const result = ctx.expander.callFunctionIn(frame, name, positional[0]!, positional.slice(1), named);
    if (result === undefined) throw new LuaCallbackError(`callParserFunction: function "${name}" was not found`);
    return result;
  },

  'engine.extensionTag': (ctx, [id, name, content, args]) => {
    const frame = frameRegistry.get(id ?? null);
    const attributes = new Map<string, string>();
    if (args instanceof LuaTable) {
      for (const [k, v] of args) if (typeof k === 'string') attributes.set(k, text(v));
    }
    return ctx.expander.extensionTagIn(frame, text(name), text(content), attributes);
  },

  'engine.incrementExpensiveFunctionCount': () => null,

  /** mw.ext.ParserFunctions.expr: #expr's evaluation, its errors raised in Lua. */
  'engine.expr': (_ctx, [expression]) => {
    try {
      return expressionResult(text(expression));
    } catch (error) {
      if (error instanceof ExprError) throw new LuaCallbackError(error.message);
      throw error;
    }
  },

  /** mw.loadJsonData: a JSON page's content (recorded as a transclusion). */
  'engine.loadJsonData': (ctx, [name]) => {
    const title = ctx.codec.parse(text(name));
    const fetched = title && title.interwiki === '' && title.dbKey ? ctx.expander.fetchTemplate(title) : null;
    const fail = (): never => {
      throw new LuaCallbackError(`bad argument #1 to 'mw.loadJsonData' ('${text(name)}' is not a valid JSON page)`);
    };
    if (!fetched) return fail();
    try {
      return jsonToLua(JSON.parse(fetched.text));
    } catch {
      return fail();
    }
  },
};

/** JSON as Lua sees it: arrays become sequences from 1. */
function jsonToLua(value: unknown): LuaValue {
  if (value === null || typeof value !== 'object') return value as LuaValue;
  const table = new LuaTable();
  if (Array.isArray(value)) value.forEach((v, i) => table.set(i + 1, jsonToLua(v)));
  else for (const [k, v] of Object.entries(value)) table.set(k, jsonToLua(v));
  return table;
}
