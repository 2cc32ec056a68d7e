// Runs Lua snippets as a module's function through the real engine (#invoke), for the text libraries' tests.

import { findLua } from '../../../src/import/scribunto/engine.ts';
import { testWiki } from './engine-helpers.ts';

export const skipWithoutLua = findLua() === null ? 'lua5.1 is not installed' : false;

let count = 0;

/** The text `{{#invoke:}}` gives for a module function whose body is `body`. */
export function invokeBody(body: string): string {
  const name = `Text test ${++count}`;
  const wiki = testWiki({ [`Module:${name}`]: `local p = {}\nfunction p.run(frame)\n${body}\nend\nreturn p` });
  return wiki.expand(`{{#invoke:${name}|run}}`).text;
}

/**
 * The values of a Lua expression list, each shown by a dump (strings quoted with %q, tables with
 * sorted keys), joined with ' | '; a Lua error gives `ERR message`.
 */
export function luaValues(expressions: string): string {
  return invokeBody(`${DUMP}\nreturn show(function() return ${expressions} end)`);
}

const DUMP = String.raw`
local function dump(v)
  local t = type(v)
  if t == 'string' then return string.format('%q', v) end
  if t ~= 'table' then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local parts = {}
  for _, k in ipairs(keys) do parts[#parts + 1] = '[' .. dump(k) .. ']=' .. dump(v[k]) end
  return '{' .. table.concat(parts, ',') .. '}'
end
local function show(f)
  local r = { pcall(f) }
  if not r[1] then return 'ERR ' .. (tostring(r[2]):gsub('^Module:[^:]*:%d+: ', '')) end
  local parts = {}
  for k = 2, table.maxn(r) do parts[#parts + 1] = dump(r[k]) end
  return table.concat(parts, ' | ')
end`;
