-- mw.ustring: string functions over UTF-8 code points; patterns with Unicode classes run in TypeScript.
return function(mw, host)
  local byte, char, sub, find, gsub = string.byte, string.char, string.sub, string.find, string.gsub
  local floor, concat, type, tostring, select, error = math.floor, table.concat, type, tostring, select, error
  local call = host.call
  local ustring = {}

  ustring.maxPatternLength = 10000
  ustring.maxStringLength = 2048 * 1024

  local function isAscii(s)
    return not find(s, '[\128-\255]')
  end

  local function checkString(name, s, n)
    local t = type(s)
    if t == 'string' then return s end
    if t == 'number' then return tostring(s) end
    error(string.format("bad argument #%d to '%s' (string expected, got %s)", n or 1, name, t), 3)
  end

  local function checkNumber(name, n, v, default)
    if v == nil then return default end
    if type(v) == 'number' then return v end
    local converted = tonumber(v)
    if converted then return converted end
    error(string.format("bad argument #%d to '%s' (number expected, got %s)", n, name, type(v)), 3)
  end

  -- Byte offsets where each character starts (and #s + 1 after the last), or nil for invalid UTF-8.
  local function scanChars(s)
    local starts, n, i, len = {}, 0, 1, #s
    while i <= len do
      local c = byte(s, i)
      local size
      if c < 0x80 then size = 1
      elseif c >= 0xC2 and c <= 0xDF then size = 2
      elseif c >= 0xE0 and c <= 0xEF then size = 3
      elseif c >= 0xF0 and c <= 0xF4 then size = 4
      else return nil end
      if size > 1 then
        local c2 = byte(s, i + 1)
        if not c2 or c2 < 0x80 or c2 > 0xBF then return nil end
        if (c == 0xE0 and c2 < 0xA0) or (c == 0xED and c2 > 0x9F)
          or (c == 0xF0 and c2 < 0x90) or (c == 0xF4 and c2 > 0x8F) then
          return nil
        end
        for k = 2, size - 1 do
          local ck = byte(s, i + k)
          if not ck or ck < 0x80 or ck > 0xBF then return nil end
        end
      end
      n = n + 1
      starts[n] = i
      i = i + size
    end
    starts[n + 1] = len + 1
    return starts, n
  end

  -- The last string scanned: loops of sub() or codepoint() over one string scan it once.
  local lastString, lastStarts, lastCount
  local function charStarts(s)
    if s ~= lastString then
      lastString, lastStarts, lastCount = s, scanChars(s)
    end
    return lastStarts, lastCount
  end

  local function notUtf8(name)
    error(string.format("bad argument #1 to '%s' (string is not UTF-8)", name), 3)
  end

  local function decodeAt(s, i)
    local c = byte(s, i)
    if c < 0x80 then return c end
    if c < 0xE0 then return (c - 0xC0) * 64 + byte(s, i + 1) - 0x80 end
    if c < 0xF0 then return ((c - 0xE0) * 64 + byte(s, i + 1) - 0x80) * 64 + byte(s, i + 2) - 0x80 end
    return (((c - 0xF0) * 64 + byte(s, i + 1) - 0x80) * 64 + byte(s, i + 2) - 0x80) * 64 + byte(s, i + 3) - 0x80
  end

  local function encode(cp)
    if cp < 0x80 then return char(cp) end
    if cp < 0x800 then return char(0xC0 + floor(cp / 64), 0x80 + cp % 64) end
    if cp < 0x10000 then
      return char(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
    end
    return char(0xF0 + floor(cp / 262144), 0x80 + floor(cp / 4096) % 64, 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
  end

  -- i and j (1-based, negative from the end) clamped into 1..len+1 as Scribunto's sub does.
  local function range(i, j, len)
    if i < 0 then i = len + i + 1 end
    if j < 0 then j = len + j + 1 end
    if j < i then return nil end
    if i < 1 then i = 1 elseif i > len + 1 then i = len + 1 end
    if j < 1 then j = 1 elseif j > len + 1 then j = len + 1 end
    return floor(i), floor(j)
  end

  function ustring.isutf8(s)
    s = checkString('isutf8', s)
    return isAscii(s) or charStarts(s) ~= nil
  end

  function ustring.len(s)
    s = checkString('len', s)
    if isAscii(s) then return #s end
    local starts, n = charStarts(s)
    if not starts then return nil end
    return n
  end

  function ustring.sub(s, i, j)
    s = checkString('sub', s)
    i = checkNumber('sub', 2, i, 1)
    j = checkNumber('sub', 3, j, -1)
    if isAscii(s) then return sub(s, i, j) end
    local starts, n = charStarts(s)
    if not starts then notUtf8('sub') end
    local a, b = range(i, j, n)
    if not a then return '' end
    if a > n then return '' end
    if b > n then b = n end
    return sub(s, starts[a], starts[b + 1] - 1)
  end

  function ustring.codepoint(s, i, j)
    s = checkString('codepoint', s)
    i = checkNumber('codepoint', 2, i, 1)
    j = checkNumber('codepoint', 3, j, i)
    if isAscii(s) then return byte(s, i, j) end
    local starts, n = charStarts(s)
    if not starts then notUtf8('codepoint') end
    local a, b = range(i, j, n)
    if not a then return end
    if b > n then b = n end
    local out = {}
    for k = a, b do out[#out + 1] = decodeAt(s, starts[k]) end
    return unpack(out)
  end

  function ustring.gcodepoint(s, i, j)
    s = checkString('gcodepoint', s)
    local codes = { ustring.codepoint(s, checkNumber('gcodepoint', 2, i, 1), checkNumber('gcodepoint', 3, j, -1)) }
    local k = 0
    return function()
      k = k + 1
      return codes[k]
    end
  end

  function ustring.char(...)
    local n = select('#', ...)
    local out = {}
    for k = 1, n do
      local v = select(k, ...)
      local cp = tonumber(v)
      if type(v) ~= 'number' and type(v) ~= 'string' or not cp then
        error(string.format("bad argument #%d to 'char' (number expected, got %s)", k, type(v)), 2)
      end
      cp = floor(cp)
      if cp < 0 or cp > 0x10FFFF then
        error(string.format("bad argument #%d to 'char' (value out of range)", k), 2)
      end
      out[k] = encode(cp)
    end
    return concat(out)
  end

  function ustring.byteoffset(s, l, i)
    s = checkString('byteoffset', s)
    l = checkNumber('byteoffset', 2, l, 1)
    i = checkNumber('byteoffset', 3, i, 1)
    local len = #s
    if i < 0 then i = len + i + 1 end
    if i < 1 or i > len then return nil end
    local starts, n = charStarts(s)
    if not starts then notUtf8('byteoffset') end
    -- The character holding byte i; l counts from it (l > 0 counts it as the first when i starts it).
    local at = 1
    while starts[at + 1] <= i do at = at + 1 end
    if l > 0 and starts[at] == i then l = l - 1 end
    local target = at + l
    if target < 1 or target > n then return nil end
    return starts[target]
  end

  ustring.byte = string.byte
  ustring.format = string.format
  ustring.rep = string.rep

  local function normalizer(name, form)
    return function(s)
      s = checkString(name, s)
      if isAscii(s) then return s end
      if not charStarts(s) then return nil end
      return call('ustring.normalize', s, form)
    end
  end
  ustring.toNFC = normalizer('toNFC', 'NFC')
  ustring.toNFD = normalizer('toNFD', 'NFD')
  ustring.toNFKC = normalizer('toNFKC', 'NFKC')
  ustring.toNFKD = normalizer('toNFKD', 'NFKD')

  -- upper and lower are the content language's uc and lc, as in Scribunto (hence their error names).
  function ustring.upper(s)
    if type(s) ~= 'string' then
      error("bad argument #1 to 'uc' (string expected, got " .. type(s) .. ')', 2)
    end
    if isAscii(s) then return string.upper(s) end
    return call('ustring.upper', s)
  end

  function ustring.lower(s)
    if type(s) ~= 'string' then
      error("bad argument #1 to 'lc' (string expected, got " .. type(s) .. ')', 2)
    end
    if isAscii(s) then return string.lower(s) end
    return call('ustring.lower', s)
  end

  -- Where string.* gives what Scribunto's Unicode patterns give: ASCII subject and pattern, no %p
  -- (Unicode punctuation excludes ASCII symbols), and no `$` that PCRE would match before a final newline.
  -- For repeated matching (`repeated`), no lazy `-` either: after an empty match PCRE tries a
  -- non-empty one at the same place, where Lua moves on (greedy patterns give the same either way).
  local function asciiPath(s, pattern, repeated)
    if not isAscii(s) or not isAscii(pattern) then return false end
    if find(pattern, '%%[pP]') then return false end
    if byte(s, -1) == 10 and byte(pattern, -1) == 36 then return false end
    if repeated and find(pattern, '-', 1, true) then return false end
    return true
  end

  local function tooFew(name, n, count)
    if count < n then error('too few arguments to mw.ustring.' .. name, 3) end
  end

  function ustring.find(...)
    tooFew('find', 2, select('#', ...))
    local s, pattern, init, plain = ...
    s = checkString('find', s)
    pattern = checkString('find', pattern, 2)
    init = checkNumber('find', 3, init, 1)
    if plain ~= nil and type(plain) ~= 'boolean' then
      error("bad argument #4 to 'find' (boolean expected, got " .. type(plain) .. ')', 2)
    end
    if (plain and isAscii(s)) or asciiPath(s, pattern) then return find(s, pattern, init, plain) end
    local r = call('ustring.find', s, pattern, init, plain or false)
    if r then return unpack(r) end
    return nil
  end

  function ustring.match(...)
    tooFew('match', 2, select('#', ...))
    local s, pattern, init = ...
    s = checkString('match', s)
    pattern = checkString('match', pattern, 2)
    init = checkNumber('match', 3, init, 1)
    if asciiPath(s, pattern) then return string.match(s, pattern, init) end
    local r = call('ustring.match', s, pattern, init)
    if r then return unpack(r) end
    return nil
  end

  function ustring.gmatch(s, pattern)
    s = checkString('gmatch', s)
    pattern = checkString('gmatch', pattern, 2)
    if asciiPath(s, pattern, true) then return string.gmatch(s, pattern) end
    local matches = call('ustring.gmatch', s, pattern)
    local k = 0
    return function()
      k = k + 1
      local m = matches[k]
      if m then return unpack(m) end
    end
  end

  local function replacementValue(v, whole)
    if v == nil then return whole end
    local t = type(v)
    if t == 'string' or t == 'number' then return v end
    error('invalid replacement value (a ' .. t .. ')', 3)
  end

  function ustring.gsub(...)
    tooFew('gsub', 3, select('#', ...))
    local s, pattern, repl, n = ...
    s = checkString('gsub', s)
    pattern = checkString('gsub', pattern, 2)
    n = checkNumber('gsub', 4, n, nil)
    if n ~= nil and n < 1 then return s, 0 end
    local rt = type(repl)
    if rt == 'number' then repl = tostring(repl); rt = 'string' end
    if rt ~= 'string' and rt ~= 'table' and rt ~= 'function' then
      error("bad argument #3 to 'gsub' (function or table or string expected, got " .. rt .. ')', 2)
    end
    if asciiPath(s, pattern, true) and (rt ~= 'string' or not find(repl, '%%[^%d%%]')) then
      return gsub(s, pattern, repl, n)
    end
    if rt == 'string' then
      local r = call('ustring.gsub', s, pattern, repl, n)
      return r[1], r[2]
    end
    local pieces = call('ustring.gsubMatches', s, pattern, n)
    local out, count = {}, 0
    for k = 1, #pieces do
      local piece = pieces[k]
      if k % 2 == 1 then
        out[k] = piece
      else
        count = count + 1
        local whole = piece[1]
        if rt == 'table' then
          local key = piece[2]
          if key == nil then key = whole end
          out[k] = replacementValue(repl[key], whole)
        elseif piece[2] == nil then
          out[k] = replacementValue(repl(whole), whole)
        else
          out[k] = replacementValue(repl(unpack(piece, 2)), whole)
        end
      end
    end
    return concat(out), count
  end

  mw.ustring = ustring
  string.uupper = ustring.upper
  string.ulower = ustring.lower
end
