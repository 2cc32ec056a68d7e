// Runs the text libraries (mw.ustring, mw.text, mw.language, mw.html) in lua5.1 with a stub host, calling textCallbacks over stdio.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { textCallbacks } from '../../../src/import/scribunto/text-callbacks.ts';
import { LuaCallbackError, LuaTable, type JsValue, type LuaValue, type ScribuntoContext } from '../../../src/import/scribunto/types.ts';

const LUA_DIR = fileURLToPath(new URL('../../../src/import/scribunto/lua/', import.meta.url));

export const haveLua = spawnSync('lua5.1', ['-v']).status === 0;

/** The stub host: host.call writes a request line and reads back a Lua literal. */
const PRELUDE = String.raw`
local function hex(s) return (s:gsub('.', function(c) return string.format('%02x', c:byte()) end)) end
local enc
function enc(v)
  local t = type(v)
  if t == 'nil' then return 'null' end
  if t == 'boolean' then return tostring(v) end
  if t == 'number' then
    if v ~= v or v == math.huge or v == -math.huge then return '{"n":"' .. tostring(v) .. '"}' end
    return string.format('%.17g', v)
  end
  if t == 'string' then return '{"s":"' .. hex(v) .. '"}' end
  if t == 'table' then
    local parts = {}
    for k, item in pairs(v) do parts[#parts + 1] = '[' .. enc(k) .. ',' .. enc(item) .. ']' end
    return '{"t":[' .. table.concat(parts, ',') .. ']}'
  end
  return '{"f":"' .. t .. '"}'
end
local out = io.stdout
host = { page = { id = 1, namespace = 0, title = 'Test', revisionId = 1 }, site = { lang = LANG }, onNewPage = {} }
function host.call(name, ...)
  local args = {}
  for k = 1, select('#', ...) do args[k] = enc((select(k, ...))) end
  out:write('C ', enc(name), ', [', table.concat(args, ','), ']\n')
  out:flush()
  local reply = io.stdin:read('*l')
  local ok, value = assert(loadstring('return ' .. reply))()
  if not ok then error(value, 2) end
  return value
end
mw = {}
for _, name in ipairs({ 'mw.ustring', 'mw.text', 'mw.language', 'mw.html' }) do
  dofile(LUA_DIR .. name .. '.lua')(mw, host)
end
`;

function fromWire(v: unknown): LuaValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'number') return v;
  const o = v as { s?: string; t?: [unknown, unknown][]; n?: string; f?: string };
  if (o.s !== undefined) return Buffer.from(o.s, 'hex').toString('utf8');
  if (o.n !== undefined) return o.n === 'nan' || o.n === '-nan' ? NaN : o.n.startsWith('-') ? -Infinity : Infinity;
  if (o.t) {
    const t = new LuaTable();
    for (const [k, item] of o.t) t.set(fromWire(k) as string | number | boolean, fromWire(item));
    return t;
  }
  return `<${o.f}>`;
}

function luaString(s: string): string {
  return '"' + [...Buffer.from(s, 'utf8')].map((b) => '\\' + b).join('') + '"';
}

function toLuaLiteral(v: JsValue): string {
  if (v === null || v === undefined) return 'nil';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return Number.isFinite(v) ? v.toPrecision(17) : Number.isNaN(v) ? '0/0' : v > 0 ? '1/0' : '-1/0';
  if (typeof v === 'string') return luaString(v);
  if (v instanceof LuaTable) {
    return '{' + [...v].map(([k, item]) => `[${toLuaLiteral(k)}]=${toLuaLiteral(item)}`).join(',') + '}';
  }
  if (Array.isArray(v)) return '{' + v.map((item, i) => `[${i + 1}]=${toLuaLiteral(item)}`).join(',') + '}';
  return '{' + Object.entries(v).map(([k, item]) => `[${luaString(k)}]=${toLuaLiteral(item)}`).join(',') + '}';
}

/** Lua values as plain JS for assertions: sequences become arrays, other tables objects. */
export function plain(v: LuaValue): unknown {
  if (!(v instanceof LuaTable)) return v;
  const seq = v.sequence();
  if (seq.length === v.size) return seq.map(plain);
  return Object.fromEntries([...v].map(([k, item]) => [String(k), plain(item)]));
}

export interface RunOptions {
  lang?: string;
}

/**
 * Runs `code` (a Lua chunk body that returns values) after loading the libraries; resolves with its
 * return values as plain JS, or rejects with the Lua error message.
 */
export function runLua(code: string, options: RunOptions = {}): Promise<unknown[]> {
  const lang = options.lang ?? 'en';
  const ctx = { site: { lang } } as unknown as ScribuntoContext;
  const script = `LANG = ${luaString(lang)}\nLUA_DIR = ${luaString(LUA_DIR)}\n${PRELUDE}
local results = { pcall(function() ${code}\nend) }
if results[1] then
  local values = {}
  for k = 2, table.maxn(results) do values[#values + 1] = enc(results[k]) end
  io.stdout:write('R [', table.concat(values, ','), '] ', tostring(table.maxn(results) - 1), '\\n')
else
  io.stdout:write('E ', enc(tostring(results[2])), '\\n')
end
`;
  return new Promise((resolve, reject) => {
    const file = join(mkdtempSync(join(tmpdir(), 'text-lua-')), 'run.lua');
    writeFileSync(file, script);
    const child = spawn('lua5.1', [file], { stdio: ['pipe', 'pipe', 'pipe'] });
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.setEncoding('latin1');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = Buffer.from(buffer.slice(0, nl), 'latin1').toString('utf8');
        buffer = buffer.slice(nl + 1);
        if (line.startsWith('C ')) {
          const [nameWire, argsWire] = JSON.parse(`[${line.slice(2)}]`) as [unknown, unknown[]];
          const name = fromWire(nameWire) as string;
          const args = argsWire.map(fromWire);
          let reply: string;
          try {
            const cb = textCallbacks[name];
            if (!cb) throw new LuaCallbackError(`no callback ${name}`);
            reply = `true, ${toLuaLiteral(cb(ctx, args))}`;
          } catch (e) {
            reply = `false, ${luaString(e instanceof Error ? e.message : String(e))}`;
          }
          child.stdin.write(`${reply}\n`);
        } else if (line.startsWith('R ')) {
          const m = /^R (\[.*\]) (\d+)$/.exec(line)!;
          const values = (JSON.parse(m[1]!) as unknown[]).map((v) => plain(fromWire(v)));
          resolve(values.slice(0, Number(m[2])));
          child.stdin.end();
        } else if (line.startsWith('E ')) {
          reject(new Error(fromWire(JSON.parse(line.slice(2))) as string));
          child.stdin.end();
        }
      }
    });
    child.on('close', (status) => reject(new Error(`lua exited ${status}: ${stderr}`)));
  });
}
