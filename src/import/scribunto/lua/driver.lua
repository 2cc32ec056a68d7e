-- The Lua side of wikiquery's Scribunto engine: reads requests from Node, runs modules in a sandbox, calls back.
--
-- Run as `lua5.1 driver.lua <fifo to Lua> <fifo from Lua>`. Messages and values are encoded as
-- protocol.ts describes. Node asks `invoke` (run a module function for a #invoke); while Lua
-- runs, it calls Node (`call`) for everything that needs the wiki, and Node may in turn ask for
-- a nested `invoke` before it answers (a module expanding a template that runs a module).

local inPath, outPath = arg[1], arg[2]
local input = assert(io.open(inPath, 'rb'))
local output = assert(io.open(outPath, 'wb'))
output:setvbuf('full')

-- Kept before anything can replace them.
local type, tostring, tonumber, pairs, ipairs, next, error, pcall, select, setmetatable, getmetatable =
  type, tostring, tonumber, pairs, ipairs, next, error, pcall, select, setmetatable, getmetatable
local rawget, rawset, setfenv, loadstring, unpack = rawget, rawset, setfenv, loadstring, unpack
local concat, insert, format, sub, find, byte = table.concat, table.insert, string.format, string.sub, string.find, string.byte
local clock = os.clock

-- WIKIQUERY_LUA_PROFILE=1: CPU seconds by phase and callback counts, written to stderr at exit.
local profile = os.getenv('WIKIQUERY_LUA_PROFILE') and { seconds = {}, counts = {}, bytesOut = 0, bytesIn = 0, messagesOut = 0, messagesIn = 0 } or nil
local function spend(phase, since)
  local seconds = profile.seconds
  seconds[phase] = (seconds[phase] or 0) + (clock() - since)
end
local function count(name)
  profile.counts[name] = (profile.counts[name] or 0) + 1
end
local function writeProfile()
  local lines = { format('lua profile: total cpu %.3f s; messages out %d (%d bytes), in %d (%d bytes)', clock(), profile.messagesOut, profile.bytesOut, profile.messagesIn, profile.bytesIn) }
  local names = {}
  for k in pairs(profile.seconds) do names[#names + 1] = k end
  table.sort(names, function(a, b) return profile.seconds[a] > profile.seconds[b] end)
  for _, k in ipairs(names) do lines[#lines + 1] = format('  %-28s %.3f s', k, profile.seconds[k]) end
  names = {}
  for k in pairs(profile.counts) do names[#names + 1] = k end
  table.sort(names, function(a, b) return profile.counts[a] > profile.counts[b] end)
  for _, k in ipairs(names) do lines[#lines + 1] = format('  %-28s %d', k, profile.counts[k]) end
  io.stderr:write(concat(lines, '\n'), '\n')
end

---------------------------------------------------------------------------------------------
-- Values

local encodeValue

local function encodeTable(t, parts, open)
  if open[t] then error('a table that contains itself cannot be passed to the host', 0) end
  open[t] = true
  local count, at = 0, #parts + 1
  parts[at] = false -- the header, once the count is known
  for k, v in next, t do
    local kt = type(k)
    if kt ~= 'string' and kt ~= 'number' and kt ~= 'boolean' then
      error('a table key of type ' .. kt .. ' cannot be passed to the host', 0)
    end
    encodeValue(k, parts, open)
    encodeValue(v, parts, open)
    count = count + 1
  end
  parts[at] = 'T' .. count .. ':'
  open[t] = nil
end

encodeValue = function(v, parts, open)
  local t = type(v)
  if t == 'string' then
    parts[#parts + 1] = 's' .. #v .. ':'
    parts[#parts + 1] = v
  elseif t == 'number' then
    if v ~= v then parts[#parts + 1] = 'N'
    elseif v == math.huge then parts[#parts + 1] = 'I'
    elseif v == -math.huge then parts[#parts + 1] = 'J'
    else parts[#parts + 1] = format('d%.17g;', v) end
  elseif t == 'nil' then parts[#parts + 1] = 'n'
  elseif t == 'boolean' then parts[#parts + 1] = v and 't' or 'f'
  elseif t == 'table' then encodeTable(v, parts, open)
  else error('a ' .. t .. ' value cannot be passed to the host', 0) end
end

local function decodeValue(s, pos)
  local tag = sub(s, pos, pos)
  if tag == 's' then
    local colon = find(s, ':', pos + 1, true)
    local length = tonumber(sub(s, pos + 1, colon - 1))
    return sub(s, colon + 1, colon + length), colon + length + 1
  elseif tag == 'd' then
    local semicolon = find(s, ';', pos + 1, true)
    return tonumber(sub(s, pos + 1, semicolon - 1)), semicolon + 1
  elseif tag == 'n' then return nil, pos + 1
  elseif tag == 't' then return true, pos + 1
  elseif tag == 'f' then return false, pos + 1
  elseif tag == 'T' then
    local colon = find(s, ':', pos + 1, true)
    local count = tonumber(sub(s, pos + 1, colon - 1))
    local t, k, v = {}, nil, nil
    pos = colon + 1
    for _ = 1, count do
      k, pos = decodeValue(s, pos)
      v, pos = decodeValue(s, pos)
      if k ~= nil then t[k] = v end
    end
    return t, pos
  elseif tag == 'I' then return math.huge, pos + 1
  elseif tag == 'J' then return -math.huge, pos + 1
  elseif tag == 'N' then return 0 / 0, pos + 1
  end
  error('unreadable value from the host at byte ' .. pos)
end

--- Writes one message of n values (nils allowed), sent at once when `flush`, else with the next.
local function write(flush, n, ...)
  local started = profile and clock()
  local parts, open = {}, {}
  for i = 1, n do encodeValue((select(i, ...)), parts, open) end
  local body = concat(parts)
  output:write(#body, '\n', body)
  if flush then output:flush() end
  if profile then
    profile.messagesOut, profile.bytesOut = profile.messagesOut + 1, profile.bytesOut + #body
    spend('send (encode+write)', started)
  end
end

local function send(n, ...)
  write(true, n, ...)
end

--- The next message: its values in a table, and their count.
local function receive()
  local header = input:read('*l')
  if not header then
    if profile then writeProfile() end
    os.exit(0)
  end
  local started = profile and clock()
  local length = tonumber(header)
  local body = length > 0 and input:read(length) or ''
  local values, n, pos = {}, 0, 1
  while pos <= #body do
    n = n + 1
    values[n], pos = decodeValue(body, pos)
  end
  if profile then
    profile.messagesIn, profile.bytesIn = profile.messagesIn + 1, profile.bytesIn + #body
    spend('receive (read+decode)', started)
  end
  return values, n
end

---------------------------------------------------------------------------------------------
-- Limits: CPU time per page, checked from a count hook; memory, checked there too.

local TIMEOUT = 'The time allocated for running scripts has expired.'
local OOM = 'The amount of memory allowed for running scripts has been exceeded.'
local cpuLimit, memoryLimitKb = 7, 50 * 1024
local deadline, memoryCeiling = math.huge, math.huge
-- Functions of the driver that must finish once started (they hold the pipe's state).
local uninterruptible = {}
local getinfo = debug.getinfo

local HOOK_INTERVAL = 10000
local invokeDepth = 0 -- modules run only while it is above 0
local limitHook
limitHook = function()
  if invokeDepth == 0 then return end
  local over = clock() > deadline and TIMEOUT or (collectgarbage('count') > memoryCeiling and OOM)
  if over then
    -- Only where no message is half sent or half read: the running function is not the driver's.
    local info = getinfo(2, 'f')
    if info and uninterruptible[info.func] then return end
    -- From now on at every instruction: a module catching the error with pcall in a loop still ends.
    debug.sethook(limitHook, '', 1)
    error(over, 0)
  end
end

---------------------------------------------------------------------------------------------
-- Calls to the host

local host = { page = {}, site = {}, onNewPage = {}, onNewWiki = {} }
local runInvoke -- defined below; nested invokes arrive while Lua waits for an answer
-- How much more output the page may have before its templates stop being expanded (MediaWiki's
-- post-expand include size): the host says it with every answer, cached template answers use it
-- up. Negative: over the limit, or not known.
local outputHeadroom = -1

local function hostCall(name, ...)
  if profile then count('call ' .. name) end
  send(select('#', ...) + 3, 'call', name, select('#', ...), ...)
  while true do
    local m = receive()
    local op = m[1]
    if op == 'return' then
      outputHeadroom = m[3] or -1
      return m[2]
    elseif op == 'raise' then
      outputHeadroom = m[3] or -1
      error(m[2], 0)
    elseif op == 'invoke' then runInvoke(m)
    else error('unexpected message from the host: ' .. tostring(op)) end
  end
end

--- Has the host run callback `name` for its effects, without waiting for an answer: it goes
--- with the next message, so the host still runs it before anything that follows.
local function hostNote(name, ...)
  if profile then count('note ' .. name) end
  write(false, select('#', ...) + 3, 'note', name, select('#', ...), ...)
end

--- Calls host callback `name`. Its error is raised without a location, as Scribunto raises the
--- errors of its PHP functions.
host.call = hostCall
--- Has the host run callback `name` for its effects (links it records) without waiting.
host.note = hostNote

---------------------------------------------------------------------------------------------
-- The sandbox

--- tostring without addresses (MediaWiki's standalone engine hides them too).
local function safeToString(v)
  local mt = getmetatable(v)
  if mt and mt.__tostring then return mt.__tostring(v) end
  local t = type(v)
  if t == 'table' or t == 'function' or t == 'thread' or t == 'userdata' then return t end
  return tostring(v)
end

local rawmetatable = debug.getmetatable

local function sandboxPairs(t)
  local mt = rawmetatable(t)
  if mt and type(mt) == 'table' and mt.__pairs then return mt.__pairs(t) end
  return next, t, nil
end

local function sandboxIpairs(t)
  local mt = rawmetatable(t)
  if mt and type(mt) == 'table' and mt.__ipairs then return mt.__ipairs(t) end
  return ipairs(t)
end

local function sandboxUnpack(t, i, j)
  if type(t) == 'table' then
    i, j = i or 1, j or #t
    if j - i > 8000 then error('too many results to unpack', 2) end
  end
  return unpack(t, i, j)
end

--- A deep copy; metatables copied too, shared and cyclic references kept.
local function clone(v, seen)
  if type(v) ~= 'table' then return v end
  seen = seen or {}
  if seen[v] then return seen[v] end
  local copy = {}
  seen[v] = copy
  for k, x in next, v do copy[clone(k, seen)] = clone(x, seen) end
  local mt = getmetatable(v)
  if type(mt) == 'table' then setmetatable(copy, clone(mt, seen)) end
  return copy
end

local function copyOf(t)
  local c = {}
  for k, v in next, t do c[k] = v end
  return c
end

local mw = { ext = {} }
host.mw = mw
local base = {
  assert = assert, error = error, getmetatable = getmetatable, next = next, pcall = pcall,
  rawequal = rawequal, rawget = rawget, rawset = rawset, select = select,
  setmetatable = setmetatable, tonumber = tonumber, type = type, xpcall = xpcall,
  _VERSION = _VERSION, pairs = sandboxPairs, ipairs = sandboxIpairs, unpack = sandboxUnpack,
  tostring = safeToString,
  string = copyOf(string), table = copyOf(table), math = copyOf(math),
  os = { date = os.date, time = os.time, clock = os.clock, difftime = os.difftime },
  debug = { traceback = debug.traceback },
  mw = mw,
}
base.string.dump = nil

-- Pure Lua libraries a module may require by name, like Scribunto's bundled ones: each is made
-- for the requiring module's environment.
local builtinPackages = {}

-- require('strict'): reading or creating an undeclared global is an error from then on.
builtinPackages.strict = function(env)
  local mt = getmetatable(env)
  if mt == nil then
    mt = {}
    setmetatable(env, mt)
  end
  mt.__newindex = function(t, name, value)
    if name ~= 'arg' then error("assign to undeclared variable '" .. tostring(name) .. "'", 2) end
    rawset(t, name, value)
  end
  mt.__index = function(t, name)
    if name ~= 'arg' then error("variable '" .. tostring(name) .. "' is not declared", 2) end
    return rawget(t, name)
  end
end

-- Lua 5.2's bit32, on doubles holding unsigned 32-bit values.
builtinPackages.bit32 = function()
  local floor, M = math.floor, 0x100000000
  local function u32(name, i, x)
    local n = tonumber(x)
    if not n then error(format("bad argument #%d to '%s' (number expected, got %s)", i, name, type(x)), 3) end
    return floor(n) % M
  end
  local function fold(name, initial, keep, ...)
    local acc = initial
    for i = 1, select('#', ...) do
      local x = u32(name, i, (select(i, ...)))
      local r, bit, a = 0, 1, acc
      for _ = 1, 32 do
        local ab, xb = a % 2, x % 2
        if keep(ab, xb) then r = r + bit end
        a, x, bit = (a - ab) / 2, (x - xb) / 2, bit * 2
      end
      acc = r
    end
    return acc
  end
  local function both(a, b) return a == 1 and b == 1 end
  local function either(a, b) return a == 1 or b == 1 end
  local function differ(a, b) return a ~= b end
  local bit32 = {}
  function bit32.band(...) return fold('band', M - 1, both, ...) end
  function bit32.bor(...) return fold('bor', 0, either, ...) end
  function bit32.bxor(...) return fold('bxor', 0, differ, ...) end
  function bit32.btest(...) return fold('btest', M - 1, both, ...) ~= 0 end
  function bit32.bnot(x) return M - 1 - u32('bnot', 1, x) end
  local function shift(name, x, disp)
    x, disp = u32(name, 1, x), floor(tonumber(disp) or error(format("bad argument #2 to '%s' (number expected, got %s)", name, type(disp)), 3))
    if disp >= 32 or disp <= -32 then return 0 end
    if disp >= 0 then return (x * 2 ^ disp) % M end
    return floor(x / 2 ^ -disp)
  end
  function bit32.lshift(x, disp) return shift('lshift', x, disp) end
  function bit32.rshift(x, disp) return shift('rshift', x, -(tonumber(disp) or 0)) end
  function bit32.arshift(x, disp)
    local n, d = u32('arshift', 1, x), floor(tonumber(disp) or 0)
    if d <= 0 or n < 0x80000000 then return shift('arshift', n, -d) end
    if d >= 32 then return M - 1 end
    return floor(n / 2 ^ d) + (M - 2 ^ (32 - d))
  end
  function bit32.lrotate(x, disp)
    local n, d = u32('lrotate', 1, x), floor(tonumber(disp) or 0) % 32
    return (n * 2 ^ d) % M + floor(n / 2 ^ (32 - d))
  end
  function bit32.rrotate(x, disp) return bit32.lrotate(x, -(tonumber(disp) or 0)) end
  local function checkField(name, field, width)
    field, width = floor(tonumber(field) or 0), floor(tonumber(width) or 1)
    if field < 0 then error(format("bad argument #2 to '%s' (field cannot be negative)", name), 3) end
    if width <= 0 then error(format("bad argument #3 to '%s' (width must be positive)", name), 3) end
    if field + width > 32 then error(format("trying to access non-existent bits"), 3) end
    return field, width
  end
  function bit32.extract(n, field, width)
    n = u32('extract', 1, n)
    field, width = checkField('extract', field, width)
    return floor(n / 2 ^ field) % 2 ^ width
  end
  function bit32.replace(n, v, field, width)
    n, v = u32('replace', 1, n), u32('replace', 2, v)
    field, width = checkField('replace', field, width)
    local size = 2 ^ width
    return n - (floor(n / 2 ^ field) % size) * 2 ^ field + (v % size) * 2 ^ field
  end
  return bit32
end

builtinPackages.libraryUtil = function()
  local util = {}
  local function typeError(name, index, expected, got, level)
    error(format("bad argument #%d to '%s' (%s expected, got %s)", index, name, expected, got), level + 1)
  end
  function util.checkType(name, index, value, expected, nilOk)
    if value == nil and nilOk then return end
    if type(value) ~= expected then typeError(name, index, expected, type(value), 3) end
  end
  function util.checkTypeMulti(name, index, value, expectedTypes)
    local t = type(value)
    for _, expected in ipairs(expectedTypes) do
      if t == expected then return end
    end
    local n = #expectedTypes
    local list = n > 1 and concat(expectedTypes, ', ', 1, n - 1) .. ' or ' .. expectedTypes[n] or expectedTypes[1]
    typeError(name, index, list, t, 3)
  end
  function util.checkTypeForIndex(index, value, expected)
    if type(value) ~= expected then
      error(format("value for index '%s' must be %s, %s given", index, expected, type(value)), 3)
    end
  end
  function util.checkTypeForNamedArg(name, argName, value, expected, nilOk)
    if value == nil and nilOk then return end
    if type(value) ~= expected then
      error(format("bad named argument %s to '%s' (%s expected, got %s)", argName, name, expected, type(value)), 3)
    end
  end
  function util.makeCheckSelfFunction(libraryName, varName, selfObj, selfObjDesc)
    return function(self, method)
      if self ~= selfObj then
        error(format("%s: invalid %s. Did you call %s with a dot instead of a colon, i.e. %s.%s() instead of %s:%s()?",
          libraryName, selfObjDesc, method, varName, method, varName, method), 3)
      end
    end
  end
  return util
end

---------------------------------------------------------------------------------------------
-- Per page state

local chunkCache = {} -- by module title; engine.ts knows which ones are here (it sends each text once)
local loadedData = {}
local modulesOfPage = {} -- module name as required -> its title (false: no such module), this page
-- Module name as required -> its title, from any page while the wiki is the same (the host says
-- forget when it changes): the title a name leads to, through redirects, is the wiki's to say.
local moduleTitles = {}
local frames = {}
-- What the host told with each #invoke about its frames (by frame id, ids being per page): the
-- title, and the arguments by name, their text or false when reading them must ask the host.
local frameFacts = {}
local currentFrame -- the frame of the innermost running #invoke

-- frame:expandTemplate answers the host marked reusable (a template of text, arguments and
-- #if-like functions only: its expansion depends on its arguments alone and records nothing but
-- its transclusion), by title and arguments, while the wiki is the same. A module such as
-- Module:Location map asks the same data templates on page after page.
local TEMPLATE_DEPTH_LIMIT = 40
local TEMPLATE_ANSWERS_KEPT = 20000
local templateAnswers, templateAnswerCount = {}, 0

--- The key of an expandTemplate call, or nil when two argument names would stand for one (1 and '1').
local function templateAnswerKey(title, args)
  local names, seen = {}, {}
  for k in next, args do
    local name = type(k) == 'number' and string.format('%.14g', k) or k
    if seen[name] then return nil end
    seen[name] = true
    names[#names + 1] = name
  end
  table.sort(names)
  local parts = { title }
  for i, name in ipairs(names) do
    local v = args[name]
    if v == nil then v = args[tonumber(name)] end
    parts[i + 1] = #name .. ':' .. name .. '=' .. #v .. ':' .. v
  end
  return concat(parts, '\0')
end

--- The answer kept for a call in frame `id`, when using it is what the host would do: the frame is
--- known and not too deep, the template is not among the frame's own (a loop), the page is under
--- its output limit.
local function keptTemplateAnswer(id, key)
  local answer = key and templateAnswers[key]
  if not answer or outputHeadroom < 0 then return nil end
  local facts = frameFacts[id]
  if not facts or not facts.depth or facts.depth >= TEMPLATE_DEPTH_LIMIT then return nil end
  for _, title in ipairs(facts.chain or {}) do
    if title == answer.target then return nil end
  end
  return answer
end

local function keepTemplateAnswer(key, answer)
  if templateAnswerCount >= TEMPLATE_ANSWERS_KEPT then templateAnswers, templateAnswerCount = {}, 0 end
  templateAnswers[key] = answer
  templateAnswerCount = templateAnswerCount + 1
end
table.insert(host.onNewWiki, function() templateAnswers, templateAnswerCount = {}, 0 end)

local function newPage(page)
  debug.sethook(limitHook, '', HOOK_INTERVAL)
  host.page = page
  loadedData = {}
  modulesOfPage = {}
  frameFacts = {}
  deadline = clock() + cpuLimit
  memoryCeiling = collectgarbage('count') + memoryLimitKb
  for _, reset in ipairs(host.onNewPage) do reset() end
end

--- Compiles a module's text (a syntax error is kept as the module's error, as its chunk would be).
local function compile(key, text)
  local started = profile and clock()
  local chunk, err = loadstring(text, '=' .. key)
  if profile then spend('compile', started); count('compile') end
  chunkCache[key] = chunk or err
  return chunkCache[key]
end

--- The compiled chunk of a module page and its title, or nil; the host records the transclusion.
local function moduleChunk(name)
  -- The host recorded the transclusion at the page's first require of the name: later ones
  -- need not ask again while Lua still has the chunk.
  local known = modulesOfPage[name]
  if known == false then return nil end
  if known and chunkCache[known] ~= nil then
    local chunk = chunkCache[known]
    if type(chunk) == 'string' then error(chunk, 0) end
    return chunk, known
  end
  local title = moduleTitles[name]
  if title and chunkCache[title] ~= nil then
    -- Known from an earlier page: the host need only record the transclusion.
    hostNote('engine.loadModule', name)
    modulesOfPage[name] = title
    local chunk = chunkCache[title]
    if type(chunk) == 'string' then error(chunk, 0) end
    return chunk, title
  end
  local found = host.call('engine.loadModule', name)
  modulesOfPage[name] = found and found.title or false
  if not found then return nil end
  moduleTitles[name] = found.title
  local key = found.title
  local chunk = found.text and compile(key, found.text) or chunkCache[key]
  if chunk == nil then
    found = host.call('engine.loadModule', name, true)
    chunk = compile(key, found.text)
  end
  if type(chunk) == 'string' then error(chunk, 0) end
  return chunk, key
end

---------------------------------------------------------------------------------------------
-- Frames

local newFrame

local function checkSelf(frame, self, method)
  if self ~= frame then
    error('frame:' .. method .. ': invalid frame object. Did you call ' .. method ..
      ' with a dot instead of a colon, i.e. frame.' .. method .. '() instead of frame:' .. method .. '()?', 3)
  end
end

--- Arguments given to frame methods: string or number keys, values made strings.
local function stringArgs(method, args)
  local out = {}
  for k, v in sandboxPairs(args) do
    local kt, vt = type(k), type(v)
    if kt ~= 'string' and kt ~= 'number' then
      error(method .. ': arg keys must be strings or numbers, ' .. kt .. ' given', 3)
    end
    if vt == 'boolean' then out[k] = v and '1' or ''
    elseif vt == 'string' or vt == 'number' then out[k] = tostring(v)
    else error(method .. ": invalid type " .. vt .. " for arg '" .. tostring(k) .. "'", 3) end
  end
  return out
end

local function parserValue(expandOnce)
  local value, cache = {}, nil
  function value:expand()
    if cache == nil then cache = expandOnce() or '' end
    return cache
  end
  return value
end

-- Scribunto hands Lua a frame's arguments as a table constructor, {[k1]=v1,[k2]=v2,...}: the
-- order pairs() then follows comes from that table's layout, which the same constructor remakes.
local constructors = {}

local function tableInOrder(flat)
  local n = #flat / 2
  local make = constructors[n]
  if not make then
    local fields = {}
    for i = 1, n do fields[i] = '[f[' .. (2 * i - 1) .. ']]=f[' .. (2 * i) .. ']' end
    make = assert(loadstring('local f = ... return {' .. concat(fields, ',') .. '}', '=arguments'))
    if n <= 100 then constructors[n] = make end
  end
  return make(flat)
end

local function frameArgs(id)
  local cache, names = {}, nil
  local args = {}
  local facts = frameFacts[id]
  local declared = facts and facts.args
  if declared then
    for k, v in next, declared do
      if v then cache[k] = v end
    end
  end
  local function get(_, name)
    name = tostring(name)
    local v = cache[name]
    if v == nil and declared and declared[name] == nil then
      v = false
      cache[name] = v
    elseif v == nil then
      v = host.call('engine.argument', id, name)
      if v == nil then v = false end
      cache[name] = v
    end
    return v or nil
  end
  local function nextArg(_, i)
    local v = get(nil, i + 1)
    if v then return i + 1, v end
  end
  setmetatable(args, {
    __index = get,
    __newindex = function() error('frame.args is read-only', 2) end,
    __pairs = function()
      if not names then
        names = {}
        for k, v in next, tableInOrder(host.call('engine.arguments', id)) do
          names[#names + 1] = k
          cache[tostring(k)] = v
        end
      end
      local i = 0
      return function()
        i = i + 1
        local k = names[i]
        if k ~= nil then return k, cache[tostring(k)] end
      end
    end,
    __ipairs = function() return nextArg, nil, 0 end,
  })
  return args, get
end

newFrame = function(id, parentId)
  if frames[id] then return frames[id] end
  local frame = {}
  local getArg
  frame.args, getArg = frameArgs(id)

  function frame:getParent()
    checkSelf(frame, self, 'getParent')
    if parentId == nil then return nil end
    return newFrame(parentId, nil)
  end

  function frame:getTitle()
    checkSelf(frame, self, 'getTitle')
    local facts = frameFacts[id]
    if facts then return facts.title end
    return host.call('engine.frameTitle', id)
  end

  function frame:getArgument(opt)
    checkSelf(frame, self, 'getArgument')
    local name = type(opt) == 'table' and opt.name or opt
    return parserValue(function() return getArg(nil, name) end)
  end

  function frame:newChild(opt)
    checkSelf(frame, self, 'newChild')
    if type(opt) ~= 'table' then error('frame:newChild: the first parameter must be a table', 2) end
    local title = opt.title ~= nil and tostring(opt.title) or nil
    local args = {}
    if opt.args ~= nil then
      if type(opt.args) ~= 'table' then error('frame:newChild: args must be a table', 2) end
      args = stringArgs('frame:newChild', opt.args)
    end
    return newFrame(host.call('engine.newChild', id, title, args), id)
  end

  function frame:expandTemplate(opt)
    checkSelf(frame, self, 'expandTemplate')
    if type(opt) ~= 'table' then error('frame:expandTemplate: the first parameter must be a table', 2) end
    if opt.title == nil then error('frame:expandTemplate: a title is required', 2) end
    local title = opt.title
    if type(title) == 'table' and title.namespace == 0 then title = ':' .. tostring(title) else title = tostring(title) end
    local args = {}
    if opt.args ~= nil then
      if type(opt.args) ~= 'table' then error('frame:expandTemplate: args must be a table', 2) end
      args = stringArgs('frame:expandTemplate', opt.args)
    end
    local key = templateAnswerKey(title, args)
    local kept = keptTemplateAnswer(id, key)
    if kept then
      -- The host records the transclusions and the output size as if it had expanded it again.
      outputHeadroom = outputHeadroom - kept.size
      host.note('engine.templateAnswerUsed', kept.size, kept.titles)
      return kept.text
    end
    local answer = host.call('engine.expandTemplate', id, title, args, key ~= nil)
    if type(answer) ~= 'table' then return answer end
    keepTemplateAnswer(key, answer)
    return answer.text
  end

  function frame:callParserFunction(name, args, ...)
    checkSelf(frame, self, 'callParserFunction')
    if type(name) == 'table' then
      name, args = name.name, name.args
      if type(args) ~= 'table' then args = { args } end
    elseif type(args) ~= 'table' then
      args = { args, ... }
    end
    if name == nil then error('frame:callParserFunction: a function name is required', 2) end
    if type(name) ~= 'string' and type(name) ~= 'number' then
      error('frame:callParserFunction: function name must be a string or number', 2)
    end
    return host.call('engine.callParserFunction', id, tostring(name), stringArgs('frame:callParserFunction', args))
  end

  function frame:extensionTag(name, content, args)
    checkSelf(frame, self, 'extensionTag')
    if type(name) == 'table' then name, content, args = name.name, name.content, name.args end
    if name == nil then error('frame:extensionTag: a function name is required', 2) end
    if type(name) ~= 'string' and type(name) ~= 'number' then
      error('frame:extensionTag: tag name must be a string or number', 2)
    end
    if content ~= nil and type(content) ~= 'string' and type(content) ~= 'number' then
      error('frame:extensionTag: content must be a string or number', 2)
    end
    local attributes
    if args == nil then attributes = {}
    elseif type(args) == 'table' then attributes = stringArgs('frame:extensionTag', args)
    elseif type(args) == 'string' or type(args) == 'number' then attributes = { tostring(args) }
    else error('frame:extensionTag: args must be a string, number, or table', 2) end
    return host.call('engine.extensionTag', id, tostring(name), content ~= nil and tostring(content) or '', attributes)
  end

  function frame:preprocess(opt)
    checkSelf(frame, self, 'preprocess')
    local text = opt
    if type(opt) == 'table' then text = opt.text end
    return host.call('engine.preprocess', id, tostring(text))
  end

  function frame:newParserValue(opt)
    checkSelf(frame, self, 'newParserValue')
    local text = type(opt) == 'table' and opt.text or opt
    return parserValue(function() return frame:preprocess(text) end)
  end

  function frame:newTemplateParserValue(opt)
    checkSelf(frame, self, 'newTemplateParserValue')
    if type(opt) ~= 'table' then error('frame:newTemplateParserValue: the first parameter must be a table', 2) end
    if opt.title == nil then error('frame:newTemplateParserValue: a title is required', 2) end
    return parserValue(function() return frame:expandTemplate(opt) end)
  end

  function frame:argumentPairs()
    checkSelf(frame, self, 'argumentPairs')
    return sandboxPairs(frame.args)
  end

  frames[id] = frame
  return frame
end

---------------------------------------------------------------------------------------------
-- mw: the base functions (libraries add theirs from lua/mw.*.lua)

mw.clone = function(v) return clone(v) end

function mw.getCurrentFrame()
  return currentFrame or newFrame(0, nil)
end

function mw.isSubsting() return false end
function mw.incrementExpensiveFunctionCount() return host.call('engine.incrementExpensiveFunctionCount') end
function mw.addWarning(text) end

function mw.allToString(...)
  local t = {}
  for i = 1, select('#', ...) do t[i] = safeToString((select(i, ...))) end
  return concat(t, '\t')
end

function mw.log(...) end

local function dumpObject(object)
  local seen, lines, counter = {}, {}, 0
  local function sortKeys(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == 'string' or ta == 'number' then return a < b end
    return tostring(a) < tostring(b)
  end
  local function dump(v, indent)
    if type(v) == 'string' then return format('%q', v) end
    if type(v) ~= 'table' then return safeToString(v) end
    if seen[v] then return 'table#' .. seen[v] end
    counter = counter + 1
    seen[v] = counter
    local keys = {}
    for k in next, v do keys[#keys + 1] = k end
    table.sort(keys, sortKeys)
    local out = { 'table#' .. counter .. ' {' }
    for _, k in ipairs(keys) do
      local key = type(k) == 'string' and format('[%q]', k) or '[' .. dump(k, indent .. '  ') .. ']'
      out[#out + 1] = indent .. '  ' .. key .. ' = ' .. dump(v[k], indent .. '  ') .. ','
    end
    out[#out + 1] = indent .. '}'
    return concat(out, '\n')
  end
  lines[1] = dump(object, '')
  return concat(lines)
end

mw.dumpObject = dumpObject
function mw.logObject(object, prefix) end

--- A read-only view of loaded data: indexing gives views of nested tables.
local function dataView(data, views)
  local view = views[data]
  if view then return view end
  view = {}
  views[data] = view
  local function wrap(v)
    if type(v) == 'table' then return dataView(v, views) end
    return v
  end
  setmetatable(view, {
    __index = function(_, k) return wrap(data[k]) end,
    __newindex = function() error('table from mw.loadData is read-only', 2) end,
    __pairs = function()
      local k
      return function()
        local v
        k, v = next(data, k)
        if k ~= nil then return wrap(k), wrap(v) end
      end
    end,
    __ipairs = function()
      return function(_, i)
        local v = data[i + 1]
        if v ~= nil then return i + 1, wrap(v) end
      end, nil, 0
    end,
    __metatable = 'mw.loadData',
  })
  return view
end

local function checkData(data, seen)
  seen = seen or {}
  if seen[data] then return nil end
  seen[data] = true
  if getmetatable(data) ~= nil then return 'data for mw.loadData contains a table with a metatable' end
  for k, v in next, data do
    local kt, vt = type(k), type(v)
    if kt == 'table' or (kt ~= 'string' and kt ~= 'number' and kt ~= 'boolean') then
      return 'data for mw.loadData contains a ' .. kt .. ' key'
    end
    if vt == 'table' then
      local err = checkData(v, seen)
      if err then return err end
    elseif vt ~= 'string' and vt ~= 'number' and vt ~= 'boolean' then
      return 'data for mw.loadData contains a ' .. vt .. ' value'
    end
  end
  return nil
end

local newEnvironment

function mw.loadData(name)
  local data = loadedData[name]
  if profile then count(data and 'loadData hit' or 'loadData miss') end
  if type(data) == 'string' then error(data, 2) end
  if not data then
    local env = newEnvironment()
    data = env.require(name)
    local err
    if type(data) ~= 'table' then
      err = name .. ' returned ' .. type(data) .. ', table expected'
    else
      err = checkData(data)
    end
    if err then
      loadedData[name] = err
      error(err, 2)
    end
    loadedData[name] = { views = {}, data = data }
  end
  local entry = loadedData[name]
  return dataView(entry.data, entry.views)
end

function mw.loadJsonData(name)
  if type(name) ~= 'string' then error("bad argument #1 to 'mw.loadJsonData' (string expected, got " .. type(name) .. ')', 2) end
  local data = host.call('engine.loadJsonData', name)
  if type(data) ~= 'table' then error('mw.loadJsonData: ' .. name .. ' did not hold a JSON object or array', 2) end
  return dataView(data, {})
end

mw.ext.ParserFunctions = {
  expr = function(expression)
    return host.call('engine.expr', tostring(expression))
  end,
}

---------------------------------------------------------------------------------------------
-- Environments: one per #invoke (a copy of the base globals), with its own package.loaded

local makeEnvironment
newEnvironment = function()
  if not profile then return makeEnvironment() end
  local started = clock()
  local env = makeEnvironment()
  spend('newEnvironment', started)
  count('newEnvironment')
  return env
end

--- A function copying t as it is now, and `depth` levels down the plain tables in it (mw.text's
--- functions, not tables they keep inside): one table constructor per table, sized at once, where
--- copying key by key rehashes as the copy grows.
local function copier(t, depth, skip)
  local keys, values, nested, fields, n = {}, {}, {}, {}, 0
  for k, v in next, t do
    if k ~= skip then
      n = n + 1
      keys[n] = k
      if type(v) == 'table' and depth > 0 and getmetatable(v) == nil then
        nested[n] = copier(v, depth - 1)
        fields[n] = '[K[' .. n .. ']]=N[' .. n .. ']()'
      else
        values[n] = v
        fields[n] = '[K[' .. n .. ']]=V[' .. n .. ']'
      end
    end
  end
  local make = assert(loadstring('local K, V, N = ... return function() return {' .. concat(fields, ',') .. '} end', '=copy'))
  return make(keys, values, nested)
end

-- Made at the first #invoke, once the libraries have filled mw (they do not change it later).
local copyBase, copyMw
local libraryPackages -- { key in mw, package name }...

local function packagesOf(libraries)
  local list = {}
  for k, v in next, libraries do
    -- libraries register themselves as packages too (require('mw.text'))
    if type(v) == 'table' and k ~= 'ext' then list[#list + 1] = { k, 'mw.' .. k } end
  end
  return list
end

makeEnvironment = function()
  if not copyBase then copyBase, copyMw, libraryPackages = copier(base, 1, 'mw'), copier(mw, 1), packagesOf(mw) end
  local env = copyBase()
  env.mw = copyMw()
  env._G = env
  local loaded = {}
  local package = { loaded = loaded, loaders = {}, preload = {}, seeall = nil }
  env.package = package
  local libraries = env.mw
  for i = 1, #libraryPackages do
    local names = libraryPackages[i]
    loaded[names[2]] = libraries[names[1]]
  end
  loaded.mw = env.mw
  loaded.string, loaded.table, loaded.math, loaded.os = env.string, env.table, env.math, env.os
  loaded._G = env
  local loading = {}
  function env.require(name)
    if type(name) ~= 'string' and type(name) ~= 'number' then
      error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ')', 2)
    end
    name = tostring(name)
    local value = loaded[name]
    if value ~= nil then return value end
    if loading[name] then error("loop or previous error loading module '" .. name .. "'", 2) end
    loading[name] = true
    local result
    if builtinPackages[name] then
      result = builtinPackages[name](env)
    else
      local init = moduleChunk(name)
      if not init then
        loading[name] = nil
        error("module '" .. name .. "' not found", 2)
      end
      setfenv(init, env)
      if profile then count('require ' .. name) end
      result = init(name)
    end
    loading[name] = nil
    if result == nil then result = loaded[name] end
    if result == nil then result = true end
    loaded[name] = result
    return result
  end
  return env
end

---------------------------------------------------------------------------------------------
-- #invoke

local function scriptError(err)
  if type(err) ~= 'string' then
    -- An error object's __tostring is module code: it may fail too.
    local ok, text = pcall(safeToString, err)
    return 'Lua error: ' .. (ok and type(text) == 'string' and text or type(err)) .. '.'
  end
  if err == TIMEOUT or err == OOM then return err end
  if sub(err, 1, 14) == 'Script error: ' then return err end
  local where, line, message = string.match(err, '^(.-):(%d+): (.*)$')
  if where and not find(where, '\n', 1, true) then
    return 'Lua error in ' .. where .. ' at line ' .. line .. ': ' .. message .. '.'
  end
  return 'Lua error: ' .. err .. '.'
end

--- Runs the function of a module for a #invoke and returns its output, as Scribunto does.
local function execute(moduleName, functionName, frameId, parentId, source)
  local chunk = source and compile(moduleName, source) or chunkCache[moduleName]
  if chunk == nil then chunk = moduleChunk(moduleName) end
  if not chunk then error('Script error: No such module "' .. moduleName .. '".', 0) end
  if type(chunk) == 'string' then error(chunk, 0) end
  local frame = newFrame(frameId, parentId)
  currentFrame = frame
  local env = newEnvironment()
  env.mw.getCurrentFrame = function() return frame end
  setfenv(chunk, env)
  local started = profile and clock()
  local exports = chunk()
  if profile then spend('invoked module top level (incl. nested)', started); count('invoke ' .. moduleName) end
  if type(exports) ~= 'table' then
    error('Script error: The module returned a ' .. type(exports) .. ' value. It is supposed to return an export table.', 0)
  end
  local fn = exports[functionName]
  if fn == nil then error('Script error: The function "' .. functionName .. '" does not exist.', 0) end
  if type(fn) ~= 'function' then error('Script error: "' .. functionName .. '" is not a function.', 0) end
  if invokeDepth == 1 then math.randomseed(1) end
  started = profile and clock()
  local results = { fn(frame) }
  if profile then spend('invoked function (incl. nested)', started) end
  local out = {}
  for i, v in ipairs(results) do out[i] = safeToString(v) end
  return concat(out)
end

runInvoke = function(m)
  -- m: 'invoke', page (new page or nil), module, function, frame id, parent frame id,
  -- module text (when Lua has not had it yet), whether to forget every compiled module first
  if m[2] then newPage(m[2]) end
  if m[8] then
    -- Another wiki (or too many modules): what was learnt of the wiki's pages may be wrong now.
    chunkCache, moduleTitles = {}, {}
    for _, reset in ipairs(host.onNewWiki) do reset() end
  end
  if m[9] then frameFacts[m[5]] = m[9] end
  if m[10] and m[6] then frameFacts[m[6]] = m[10] end
  outputHeadroom = m[11] or -1
  local savedFrame, savedFrames = currentFrame, frames
  if invokeDepth == 0 then frames = {} end
  invokeDepth = invokeDepth + 1
  local ok, result = pcall(execute, m[3], m[4], m[5], m[6], m[7])
  invokeDepth = invokeDepth - 1
  currentFrame = savedFrame
  if invokeDepth == 0 then frames = savedFrames end
  if ok then
    send(2, 'done', result)
  else
    send(2, 'fail', scriptError(result))
  end
end
for _, f in ipairs({ hostCall, hostNote, write, runInvoke, compile, send, receive, encodeValue, encodeTable, decodeValue, scriptError, safeToString, newPage }) do
  uninterruptible[f] = true
end

---------------------------------------------------------------------------------------------
-- Start: site facts and libraries, then requests until the host closes the pipe.

local function loadLibrary(directory, file)
  local f = io.open(directory .. '/' .. file, 'rb')
  if not f then return end -- not written yet: modules do without it
  local code = f:read('*a')
  f:close()
  -- Named by file only, as Scribunto names its libraries in error messages.
  local chunk, err = loadstring(code, '@' .. file)
  if not chunk then error(err, 0) end
  setfenv(chunk, setmetatable({}, { __index = base }))
  local setup = chunk()
  if type(setup) == 'function' then setup(mw, host) end
end

--- Loads each library in turn; one that fails leaves the others working. Returns the failures.
local function loadLibraries(directory, files)
  local failures = {}
  for _, file in ipairs(files) do
    local ok, err = pcall(loadLibrary, directory, file)
    if not ok then failures[#failures + 1] = tostring(err) end
  end
  return concat(failures, '; ')
end

local function main()
  send(1, 'ready')
  local m = receive()
  if m[1] ~= 'init' then error('the host must start with init') end
  host.site = m[2]
  if m[4] then cpuLimit = m[4] end
  if m[5] then memoryLimitKb = m[5] end
  send(2, 'ok', loadLibraries(m[3], m[6] or {}))
  if profile then spend('start (libraries loaded)', 0) end
  debug.sethook(limitHook, '', HOOK_INTERVAL)
  while true do
    m = receive()
    if m[1] == 'invoke' then
      runInvoke(m)
    else
      send(2, 'fail', 'unknown request ' .. tostring(m[1]))
    end
  end
end

main()
