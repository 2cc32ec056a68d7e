-- mw.text: trimming, splitting, HTML and wiki escaping, tags, truncation, strip markers and JSON.
return function(mw, host)
  local ustring = mw.ustring
  local call = host.call
  local format, gsub, find, sub = string.format, string.gsub, string.find, string.sub
  local concat, type, tostring, pairs, error = table.concat, type, tostring, pairs, error
  local text = {}

  text.JSON_PRESERVE_KEYS = 1
  text.JSON_TRY_FIXING = 2
  text.JSON_PRETTY = 4

  -- The content language's separators; they only change with the site, so one lookup per process.
  local options
  local function option(name)
    if not options then options = call('text.options') end
    return options[name]
  end

  local function argError(name, n, expected, v)
    error(format("bad argument #%d to '%s' (%s expected, got %s)", n, name, expected, type(v)), 3)
  end

  local function checkString(name, n, v)
    local t = type(v)
    if t == 'string' then return v end
    if t == 'number' then return tostring(v) end
    argError(name, n, 'string', v)
  end

  local defaultTrim = '\t\r\n\f '

  function text.trim(s, charset)
    if charset == nil then
      -- The default set is ASCII: byte patterns give the same result as code point ones.
      s = checkString('trim', 1, s)
      local first = find(s, '[^\t\r\n\f ]')
      if not first then return '' end
      local last = #s
      while find(sub(s, last, last), '^[\t\r\n\f ]$') do last = last - 1 end
      return sub(s, first, last)
    end
    return (ustring.gsub(s, '^[' .. charset .. ']*(.-)[' .. charset .. ']*$', '%1'))
  end

  local encodeNames = {
    ['<'] = '&lt;', ['>'] = '&gt;', ['&'] = '&amp;', ['"'] = '&quot;', ["'"] = '&#039;', ['\194\160'] = '&nbsp;',
  }
  local decodeNames = { ['&lt;'] = '<', ['&gt;'] = '>', ['&amp;'] = '&', ['&quot;'] = '"', ['&#039;'] = "'", ['&nbsp;'] = '\194\160' }

  function text.encode(s, charset)
    s = checkString('encode', 1, s)
    if charset == nil then
      -- The default set is ASCII plus NBSP, whose two bytes only ever mean NBSP in UTF-8.
      s = gsub(s, '[<>&"\']', encodeNames)
      return (gsub(s, '\194\160', '&nbsp;'))
    end
    return (ustring.gsub(s, '[' .. charset .. ']', function(c)
      return encodeNames[c] or format('&#%d;', ustring.codepoint(c))
    end))
  end

  local namedEntities
  function text.decode(s, decodeNamedEntities)
    s = checkString('decode', 1, s)
    local named = decodeNames
    if decodeNamedEntities then
      namedEntities = namedEntities or call('text.entityTable')
      named = namedEntities
    end
    return (gsub(s, '(&(#?x?)([a-zA-Z0-9]+);)', function(whole, kind, body)
      local hit = named[whole] or decodeNames[whole]
      if hit then return hit end
      local cp
      if kind == '#' then cp = tonumber(body, 10) elseif kind == '#x' then cp = tonumber(body, 16) end
      if cp and cp <= 0x10FFFF then return ustring.char(cp) end
      return whole
    end))
  end

  local nowikiChars = {
    ['"'] = '&#34;', ['&'] = '&#38;', ["'"] = '&#39;', ['<'] = '&#60;', ['='] = '&#61;', ['>'] = '&#62;',
    ['['] = '&#91;', [']'] = '&#93;', ['{'] = '&#123;', ['|'] = '&#124;', ['}'] = '&#125;',
  }
  local lineStartEscapes = {
    ['#'] = '&#35;', ['*'] = '&#42;', [':'] = '&#58;', [';'] = '&#59;', [' '] = '&#32;', ['\n'] = '&#10;',
    ['\r'] = '&#13;', ['\t'] = '&#9;',
  }
  local magicSpaces = { [' '] = '&#32;', ['\t'] = '&#9;', ['\r'] = '&#13;', ['\n'] = '&#10;', ['\f'] = '&#12;' }
  -- $wgUrlProtocols that end with ':' (those with '//' are already broken by escaping '://').
  local colonProtocols = { 'bitcoin', 'geo', 'magnet', 'mailto', 'matrix', 'news', 'sip', 'sips', 'sms', 'tel', 'urn', 'xmpp' }
  local protocolPatterns = {}
  for k, name in ipairs(colonProtocols) do
    protocolPatterns[k] = '(' .. gsub(name, '%a', function(c) return '[' .. c:upper() .. c:lower() .. ']' end) .. '):'
  end

  function text.nowiki(s)
    s = checkString('nowiki', 1, s)
    s = gsub(s, '["&\'<=>%[%]{|}]', nowikiChars)
    -- Characters that mean something at the start of a line, the text's first line included.
    s = gsub('\n' .. s, '([\r\n])([#*:; \n\r\t])', function(newline, c)
      if newline == '\r' and c == '\n' then return '&#13;\n' end
      return newline .. lineStartEscapes[c]
    end)
    s = gsub(s, '([\r\n])%-%-%-%-', '%1&#45;---')
    s = sub(s, 2)
    s = gsub(s, '__', '_&#95;')
    s = gsub(s, '://', '&#58;//')
    for _, magic in ipairs({ 'ISBN', 'RFC', 'PMID' }) do
      s = gsub(s, magic .. '(%s)', function(space) return magic .. (magicSpaces[space] or space) end)
    end
    for _, pattern in ipairs(protocolPatterns) do
      s = gsub(s, pattern, '%1&#58;')
    end
    return s
  end

  function text.tag(name, attrs, content)
    local named = type(name) == 'table'
    if named then
      name, attrs, content = name.name, name.attrs, name.content
      if type(name) ~= 'string' then
        error("bad named argument name to 'tag' (string expected, got " .. type(name) .. ')', 2)
      end
      if attrs ~= nil and type(attrs) ~= 'table' then
        error("bad named argument attrs to 'tag' (table expected, got " .. type(attrs) .. ')', 2)
      end
    else
      if type(name) ~= 'string' then argError('tag', 1, 'string', name) end
      if attrs ~= nil and type(attrs) ~= 'table' then argError('tag', 2, 'table', attrs) end
    end
    local out = { '<' .. name }
    for k, v in pairs(attrs or {}) do
      if type(k) ~= 'string' then
        error("bad named argument attrs to 'tag' (keys must be strings, found " .. type(k) .. ')', 2)
      end
      if find(k, '[\t\r\n\f /<>"\'=]') then
        error("bad named argument attrs to 'tag' (invalid key '" .. k .. "')", 2)
      end
      local vt = type(v)
      if vt == 'string' or vt == 'number' then
        out[#out + 1] = format(' %s="%s"', k, text.encode(tostring(v)))
      elseif vt == 'boolean' then
        if v then out[#out + 1] = ' ' .. k end
      else
        error("bad named argument attrs to 'tag' (value for key '" .. k .. "' may not be " .. vt .. ')', 2)
      end
    end
    local ct = type(content)
    if content == nil then
      out[#out + 1] = '>'
    elseif content == false then
      out[#out + 1] = ' />'
    elseif ct == 'string' or ct == 'number' then
      out[#out + 1] = '>' .. content .. '</' .. name .. '>'
    elseif named then
      error("bad named argument content to 'tag' (string, number, nil, or false expected, got " .. ct .. ')', 2)
    else
      argError('tag', 3, 'string, number, nil, or false', content)
    end
    return concat(out)
  end

  -- Strip markers: MediaWiki's "\127'\"`UNIQ-name-hex-QINU`\"'\127".
  local markerPattern = "\127'\"`UNIQ%-.-%-QINU`\"'\127"

  function text.killMarkers(s)
    s = checkString('killMarkers', 1, s)
    return (gsub(s, markerPattern, ''))
  end

  -- Our expander keeps no strip state: nowiki and other tags' output is already in the text.
  function text.unstripNoWiki(s)
    return checkString('unstripNoWiki', 1, s)
  end

  function text.unstrip(s)
    return text.killMarkers(checkString('unstrip', 1, s))
  end

  function text.gsplit(s, pattern, plain)
    s = checkString('gsplit', 1, s)
    pattern = checkString('gsplit', 2, pattern)
    local pos, len = 1, ustring.len(s)
    return function()
      if not pos then return nil end
      local first, last = ustring.find(s, pattern, pos, plain)
      local piece
      if not first then
        piece = ustring.sub(s, pos)
        pos = nil
      elseif last < first then
        -- An empty separator splits off one character.
        piece = ustring.sub(s, pos, first)
        if first < len then pos = first + 1 else pos = nil end
      else
        piece = first > pos and ustring.sub(s, pos, first - 1) or ''
        pos = last + 1
      end
      return piece
    end
  end

  function text.split(s, pattern, plain)
    local out = {}
    for piece in text.gsplit(s, pattern, plain) do out[#out + 1] = piece end
    return out
  end

  function text.listToText(list, separator, conjunction)
    separator = separator or option('comma')
    conjunction = conjunction or option('and')
    local n = #list
    if n > 1 then return concat(list, separator, 1, n - 1) .. conjunction .. list[n] end
    return tostring(list[1] or '')
  end

  function text.truncate(s, length, ellipsis, adjustLength)
    s = checkString('truncate', 1, s)
    if type(length) ~= 'number' then argError('truncate', 2, 'number', length) end
    local len = ustring.len(s)
    if len <= math.abs(length) then return s end
    ellipsis = ellipsis or option('ellipsis')
    local room = adjustLength and ustring.len(ellipsis) or 0
    local out
    if math.abs(length) <= room then
      out = ellipsis
    elseif length > 0 then
      out = ustring.sub(s, 1, length - room) .. ellipsis
    else
      out = ellipsis .. ustring.sub(s, length + room)
    end
    if ustring.len(out) < len then return out end
    return s
  end

  -- What cannot cross to TypeScript (functions, cycles) or JSON cannot hold, with Scribunto's messages.
  local function checkEncodable(v, seen, level)
    local t = type(v)
    if t == 'table' then
      if seen[v] then error('mw.text.jsonEncode: Cannot use recursive tables', level) end
      seen[v] = true
      for k, item in pairs(v) do
        local kt = type(k)
        if kt == 'number' then
          if k ~= k or k == math.huge or k == -math.huge then
            error("mw.text.jsonEncode: Cannot use 'inf' as a table key", level)
          end
        elseif kt ~= 'string' then
          error(format("mw.text.jsonEncode: Cannot use type '%s' as a table key", kt), level)
        end
        checkEncodable(item, seen, level + 1)
      end
      seen[v] = nil
    elseif t == 'number' then
      if v ~= v or v == math.huge or v == -math.huge then
        error('mw.text.jsonEncode: Cannot encode non-finite numbers', level)
      end
    elseif t ~= 'boolean' and t ~= 'string' and t ~= 'nil' then
      error(format("mw.text.jsonEncode: Cannot encode type '%s'", t), level)
    end
  end

  function text.jsonEncode(value, flags)
    if flags ~= nil and type(flags) ~= 'number' then argError('mw.text.jsonEncode', 2, 'number', flags) end
    checkEncodable(value, {}, 3)
    return call('text.jsonEncode', value, flags or 0)
  end

  function text.jsonDecode(json, flags)
    if type(json) ~= 'string' then argError('mw.text.jsonDecode', 1, 'string', json) end
    if flags ~= nil and type(flags) ~= 'number' then argError('mw.text.jsonDecode', 2, 'number', flags) end
    return call('text.jsonDecode', json, flags or 0)
  end

  mw.text = text
end
