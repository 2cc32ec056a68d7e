// Runs Lua modules for #invoke: one lua5.1 process per thread, spoken to synchronously through two FIFOs.
//
// The expander is synchronous, so the bridge is too: Node writes a request with writeSync and
// blocks in readSync until Lua answers. While a module runs, Lua asks Node for what needs the
// wiki (callbacks, which may expand wikitext that invokes further modules: those nested requests
// go to the same process, which is waiting for the callback's answer and serves them first).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerData } from 'node:worker_threads';
import type { ExpansionFrame, ExpansionHost } from '../wikitext/expansion.ts';
import { frameRegistry, modulesSent } from './callbacks.ts';
import { allCallbacks, LIBRARY_FILES } from './libraries.ts';
import { encodeMessage, MessageReader, toLuaValue } from './protocol.ts';
import { LuaCallbackError, LuaTable, type CallbackMap, type JsValue, type LuaValue, type ScribuntoContext } from './types.ts';
import { CANONICAL_NAMESPACES, DEFAULT_NAMESPACE_ALIASES } from '../../wiki/namespaces.ts';

/** Scribunto's defaults ($wgScribuntoEngineConf): CPU seconds per page, memory in bytes. */
export const CPU_LIMIT_SECONDS = 7;
export const MEMORY_LIMIT_BYTES = 50 * 1024 * 1024;
const START_TIMEOUT_MS = 10_000;
const MAX_RESTARTS = 5;
/** Compiled modules Lua keeps before forgetting them all (a wiki has thousands; a page uses a few). */
const MODULE_CACHE_SIZE = 1000;
/** How much argument text (in UTF-16 code units) the facts of a frame carry at most. */
const FRAME_FACTS_UNITS = 1 << 16;

/** What a #invoke gave: its text, or the script error message to show. */
/** A module page: its title as Lua names it (`Module:X`) and its text. */
export interface ModuleSource {
  title: string;
  text: string;
}

export type InvokeResult = { ok: true; text: string } | { ok: false; error: string };

export interface EngineOptions {
  /** The Lua 5.1 interpreter; default: WIKIQUERY_LUA, else `lua5.1` on PATH. */
  lua?: string;
  /** Folder of driver.lua and the mw.*.lua libraries. */
  luaDirectory?: string;
  cpuLimitSeconds?: number;
  memoryLimitBytes?: number;
  callbacks?: CallbackMap;
}

/** The interpreter to run: WIKIQUERY_LUA when set (empty or `none`: no Lua), else lua5.1 found on PATH. */
export function findLua(): string | null {
  const configured = process.env.WIKIQUERY_LUA;
  if (configured !== undefined) {
    if (configured === '' || configured === 'none') return null;
    if (configured.includes('/')) return existsSync(configured) ? configured : null;
    return searchPath(configured);
  }
  return searchPath('lua5.1');
}

function searchPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * The folder holding driver.lua. From the sources it sits beside this file; a worker runs a
 * bundle of this code from node_modules/.cache/wikiquery-workers (possibly another checkout's,
 * through a symlinked node_modules), and is told its checkout by the thread that started it.
 */
export function findLuaDirectory(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = (workerData as { sourceRoot?: unknown } | null)?.sourceRoot;
  const candidates = [join(here, 'lua'), ...(typeof root === 'string' ? [join(root, 'src', 'import', 'scribunto', 'lua')] : [])];
  for (const candidate of candidates) if (existsSync(join(candidate, 'driver.lua'))) return candidate;
  for (let dir = here; ; dir = dirname(dir)) {
    const candidate = join(dir, 'src', 'import', 'scribunto', 'lua');
    if (existsSync(join(candidate, 'driver.lua'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

class BridgeError extends Error {
  override name = 'BridgeError';
}

/** One Lua process and the pipes to it. */
export class LuaEngine {
  private child: ChildProcess | null = null;
  private dir: string | null = null;
  private toLua = -1;
  private fromLua = -1;
  private reader: MessageReader | null = null;
  private currentPage: ExpansionHost | null = null;
  /** The wiki whose modules Lua has compiled: another one makes it forget them. */
  private currentWiki: ExpansionHost['wiki'] | null = null;
  private context: ScribuntoContext | null = null;
  private readonly callbacks: CallbackMap;
  /** Why the libraries could not all be loaded ('' when they were). */
  libraryError = '';

  constructor(
    private readonly lua: string,
    private readonly luaDirectory: string,
    private readonly options: EngineOptions = {},
  ) {
    this.callbacks = options.callbacks ?? allCallbacks;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts the interpreter and hands it the site's facts; throws when it cannot be started. */
  start(expander: ExpansionHost): void {
    modulesSent.clear();
    this.dir = mkdtempSync(join(tmpdir(), 'wikiquery-lua-'));
    const toPath = join(this.dir, 'to-lua');
    const fromPath = join(this.dir, 'from-lua');
    const made = spawnSync('mkfifo', [toPath, fromPath]);
    if (made.status !== 0) throw new BridgeError(`mkfifo failed: ${made.stderr?.toString() ?? made.error?.message}`);
    const child = spawn(this.lua, [join(this.luaDirectory, 'driver.lua'), toPath, fromPath], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', () => {});
    if (child.pid === undefined) throw new BridgeError(`cannot run ${this.lua}`);
    child.unref();
    this.child = child;
    // Opened without blocking (no reader or writer may ever come if Lua fails to start), then
    // again in blocking mode once Lua is known to hold its ends, so that its exit reads as EOF.
    const provisionalOut = openSync(toPath, constants.O_RDWR);
    const provisionalIn = openSync(fromPath, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const first = this.awaitHandshake(provisionalIn);
      this.toLua = openSync(toPath, constants.O_WRONLY);
      this.fromLua = openSync(fromPath, constants.O_RDONLY);
      const fd = this.fromLua;
      let pending: Buffer | null = first;
      this.reader = new MessageReader((into, offset, length) => {
        if (pending) {
          const n = pending.copy(into, offset, 0, Math.min(length, pending.length));
          pending = n < pending.length ? pending.subarray(n) : null;
          return n;
        }
        return readSync(fd, into, offset, length, null);
      });
    } finally {
      closeSync(provisionalOut);
      closeSync(provisionalIn);
      // Both ends are open on both sides now (or never will be): the names are no longer needed.
      this.removeFifos();
    }
    const ready = this.reader.read();
    if (ready[0] !== 'ready') throw new BridgeError('the Lua driver did not start');
    this.send(['init', siteForLua(expander), this.luaDirectory, this.options.cpuLimitSeconds ?? CPU_LIMIT_SECONDS, (this.options.memoryLimitBytes ?? MEMORY_LIMIT_BYTES) / 1024, [...LIBRARY_FILES]]);
    const answer = this.reader.read();
    if (answer[0] !== 'ok') throw new BridgeError('the Lua driver refused its start');
    this.libraryError = typeof answer[1] === 'string' ? answer[1] : '';
    if (this.libraryError) process.emitWarning(`Scribunto: a Lua library failed to load: ${this.libraryError}`);
  }

  /** The bytes Lua wrote first (its `ready` message), waiting for them without blocking forever. */
  private awaitHandshake(fd: number): Buffer {
    const buffer = Buffer.alloc(64);
    const until = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < until) {
      try {
        const n = readSync(fd, buffer, 0, buffer.length, null);
        if (n > 0) return buffer.subarray(0, n);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      }
      if (this.exited()) break;
      sleep(2);
    }
    throw new BridgeError('the Lua interpreter did not start');
  }

  /** Whether the child has ended (its exit event cannot arrive while this thread blocks: ask /proc). */
  private exited(): boolean {
    const pid = this.child?.pid;
    if (pid === undefined) return true;
    try {
      return /\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'));
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' && existsSync('/proc/self/stat');
    }
  }

  private send(values: readonly JsValue[]): void {
    const bytes = encodeMessage(values);
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(this.toLua, bytes, offset, bytes.length - offset);
  }

  /**
   * Runs `functionName` of a module for a #invoke: `frame` is the #invoke's own frame, `parent`
   * the frame it was written in. Throws BridgeError when the interpreter is gone.
   */
  invoke(expander: ExpansionHost, module: ModuleSource, functionName: string, frame: ExpansionFrame, parent: ExpansionFrame): InvokeResult {
    const savedContext = this.context;
    this.context = { codec: expander.codec, wiki: expander.wiki, site: expander.site, page: expander.page, expander };
    try {
      let page: JsValue = null;
      if (this.currentPage !== expander) {
        this.currentPage = expander;
        frameRegistry.reset();
        page = { id: expander.page.pageId ?? 0, namespace: expander.page.ns, title: expander.page.dbKey, revisionId: expander.page.revisionId ?? 0 };
        // mw.title.getCurrentTitle() is asked for on most pages that run modules: its answer comes along.
        const current = this.callbacks['title.current'];
        if (current) page.currentTitle = current(this.context, []);
      }
      const parentId = frameRegistry.idOf(parent);
      const frameId = frameRegistry.idOf(frame);
      const forget = modulesSent.size >= MODULE_CACHE_SIZE || this.currentWiki !== expander.wiki;
      this.currentWiki = expander.wiki;
      if (forget) modulesSent.clear();
      const source = modulesSent.has(module.title) ? null : module.text;
      modulesSent.add(module.title);
      this.send([
        'invoke', page, module.title, functionName, frameId, parentId, source, forget,
        frameFacts(expander, frame), frameFacts(expander, parent), expander.outputHeadroom(),
      ]);
      return this.serveUntilDone();
    } finally {
      this.context = savedContext;
    }
  }

  private serveUntilDone(): InvokeResult {
    for (;;) {
      const message = this.reader!.read();
      const op = message[0];
      if (op === 'done') return { ok: true, text: String(message[1] ?? '') };
      if (op === 'fail') return { ok: false, error: String(message[1] ?? '') };
      if (op === 'note') this.note(String(message[1]), message.slice(3, 3 + Number(message[2])));
      else if (op === 'call') this.answer(String(message[1]), message.slice(3, 3 + Number(message[2])));
      else throw new BridgeError(`unexpected message from Lua: ${String(op)}`);
    }
  }

  /** A callback Lua wants run for its effects only (it goes on without an answer). */
  private note(name: string, args: LuaValue[]): void {
    const callback = this.callbacks[name];
    try {
      if (!callback) throw new Error(`no such host function: ${name}`);
      callback(this.context!, args);
    } catch (error) {
      // Lua went on as if it had worked: it cannot be told otherwise, so it is started afresh.
      if (error instanceof BridgeError) throw error;
      throw new BridgeError(`a callback Lua did not wait for failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private answer(name: string, args: LuaValue[]): void {
    const callback = this.callbacks[name];
    let reply: JsValue[];
    try {
      if (!callback) throw new LuaCallbackError(`no such host function: ${name}`);
      reply = ['return', callback(this.context!, args), this.context!.expander.outputHeadroom()];
    } catch (error) {
      if (error instanceof BridgeError) throw error;
      reply = ['raise', error instanceof Error ? error.message : String(error), this.context!.expander.outputHeadroom()];
    }
    try {
      this.send(reply);
    } catch (error) {
      if (reply[0] === 'raise') throw error;
      // A value that cannot cross (a cycle): Lua gets an error instead.
      this.send(['raise', error instanceof Error ? error.message : String(error)]);
    }
  }

  private removeFifos(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  /** Ends the interpreter (it would also end by itself when this thread's pipes close). */
  stop(): void {
    for (const fd of [this.toLua, this.fromLua]) {
      if (fd >= 0) {
        try {
          closeSync(fd);
        } catch {
          // already closed
        }
      }
    }
    this.toLua = this.fromLua = -1;
    // A profiling driver writes its profile when it reads the end of its input: it is let finish.
    if (process.env.WIKIQUERY_LUA_PROFILE) for (let waited = 0; waited < 2000 && !this.exited(); waited += 10) sleep(10);
    if (this.child && this.child.exitCode === null) this.child.kill('SIGKILL');
    this.child = null;
    this.removeFifos();
    this.reader = null;
    this.currentPage = null;
    this.currentWiki = null;
  }
}

/**
 * What Lua may know of a frame without asking: its title, and its arguments by name, each
 * expanded when that has no side effects, else false (expanded on demand, when a module reads it).
 */
function frameFacts(expander: ExpansionHost, frame: ExpansionFrame): JsValue {
  const args = new LuaTable();
  // A frame's text goes with every #invoke written in it: past this much, Lua asks for what it reads.
  let budget = FRAME_FACTS_UNITS;
  for (const [name, value] of expander.literalArguments(frame)) {
    const sent = value !== null && value.length <= budget ? value : false;
    if (sent !== false) budget -= sent.length;
    args.set(name, sent);
  }
  // Depth and the titles of the frame and its parents: Lua checks a kept frame:expandTemplate
  // answer against the depth limit and loop detection as the host would.
  const chain: string[] = [];
  for (let f: ExpansionFrame | null = frame; f; f = f.parent) if (f.title) chain.push(`${f.title.ns}:${f.title.dbKey}`);
  return {
    title: expander.codec.namespaces.prefixedText(frame.title?.ns ?? expander.page.ns, frame.title?.dbKey ?? expander.page.dbKey),
    args,
    depth: frame.depth,
    chain,
  };
}

/** host.site for the Lua libraries. */
function siteForLua(expander: ExpansionHost): JsValue {
  const namespaces: Record<string, JsValue> = {};
  const canonical = new Map(CANONICAL_NAMESPACES);
  for (const ns of expander.codec.namespaces.byId.values()) {
    const aliases = DEFAULT_NAMESPACE_ALIASES.filter(([, id]) => id === ns.id).map(([alias]) => alias.replace(/_/g, ' '));
    namespaces[String(ns.id)] = {
      id: ns.id,
      name: ns.name,
      canonicalName: canonical.get(ns.id) ?? ns.name,
      aliases,
      subpages: expander.site.subpageNamespaces.has(ns.id),
      content: expander.site.contentNamespaces.has(ns.id),
    };
  }
  const site = expander.site;
  // Keys must cross as numbers: a LuaTable keeps them exactly.
  const table = new LuaTable();
  for (const [id, def] of Object.entries(namespaces)) table.set(Number(id), toLuaValue(def));
  return {
    siteName: site.siteName,
    server: site.server,
    scriptPath: site.scriptPath,
    articlePath: site.articlePath,
    lang: site.lang,
    namespaces: table,
  };
}

let engine: LuaEngine | null | undefined;
let restarts = 0;
let engineOptions: EngineOptions = {};

/** Options for this thread's engine from its next start on (tests: shorter limits, extra callbacks). */
export function configureScribunto(options: EngineOptions): void {
  stopScribuntoEngine();
  engineOptions = options;
}

/** This thread's engine, started at the first #invoke; null when no Lua interpreter is available. */
export function scribuntoEngine(expander: ExpansionHost): LuaEngine | null {
  if (engine === undefined || (engine !== null && !engine.running && restarts <= MAX_RESTARTS)) {
    const lua = engineOptions.lua ?? findLua();
    const directory = engineOptions.luaDirectory ?? findLuaDirectory();
    if (!lua || !directory || !existsSync(lua)) {
      engine = null;
      return null;
    }
    const next = new LuaEngine(lua, directory, engineOptions);
    try {
      next.start(expander);
      engine = next;
    } catch {
      next.stop();
      restarts++;
      engine = restarts > MAX_RESTARTS ? null : undefined;
      return null;
    }
  }
  return engine && engine.running ? engine : null;
}

/**
 * Runs a #invoke with this thread's engine: the module's output, a script error, or null when
 * there is no Lua to run it. A broken interpreter is dropped (and restarted at the next call).
 */
export function invokeModule(expander: ExpansionHost, module: ModuleSource, functionName: string, frame: ExpansionFrame, parent: ExpansionFrame): InvokeResult | null {
  const current = scribuntoEngine(expander);
  if (!current) return null;
  try {
    return current.invoke(expander, module, functionName, frame, parent);
  } catch (error) {
    if (current.running && !(error instanceof BridgeError) && !isPipeError(error)) throw error;
    current.stop();
    restarts++;
    return { ok: false, error: 'Lua error: Internal error: The interpreter exited.' };
  }
}

function isPipeError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPIPE' || code === 'EBADF' || (error instanceof Error && error.message.startsWith('Lua bridge:'));
}

/** Stops this thread's engine (tests; the process ends it by itself otherwise). */
export function stopScribuntoEngine(): void {
  engine?.stop();
  engine = undefined;
  restarts = 0;
}
