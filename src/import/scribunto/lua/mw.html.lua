-- mw.html: a fluent HTML builder whose tostring escapes attributes and CSS as Scribunto's does.
return function(mw, host)
  local format, gsub, find = string.format, string.gsub, string.find
  local concat, insert, remove = table.concat, table.insert, table.remove
  local type, tostring, pairs, ipairs, error, pcall, setmetatable = type, tostring, pairs, ipairs, error, pcall, setmetatable
  local html = {}

  local voidElements = {
    area = true, base = true, br = true, col = true, command = true, embed = true, hr = true, img = true,
    input = true, keygen = true, link = true, meta = true, param = true, source = true, track = true, wbr = true,
  }

  local escapes = { ['<'] = '&lt;', ['>'] = '&gt;', ['&'] = '&amp;', ['"'] = '&quot;' }

  -- Strip markers survive escaping: their quote would otherwise break them.
  local function escape(s)
    s = gsub(tostring(s), '[<>&"]', escapes)
    s = gsub(s, "\127'&quot;`UNIQ%-", "\127'\"`UNIQ-")
    s = gsub(s, "%-QINU`&quot;'\127", "-QINU`\"'\127")
    return s
  end

  -- CSS escapes for everything outside printable ASCII, and ':' and ';': `\3A `.
  local function cssEscape(s)
    s = tostring(s)
    local function hex(c)
      return format('\\%X ', mw.ustring.codepoint(c))
    end
    if find(s, '[\128-\255]') then
      return (mw.ustring.gsub(s, '[^\32-\57\60-\127]', hex))
    end
    return (gsub(s, '[^\32-\57\60-\127]', hex))
  end

  local function argError(name, n, expected, v)
    error(format("bad argument #%d to '%s' (%s expected, got %s)", n, name, expected, type(v)), 3)
  end

  local function checkTypes(name, n, v, types)
    local t = type(v)
    for _, allowed in ipairs(types) do
      if t == allowed then return end
    end
    local count = #types
    local expected = count > 1 and concat(types, ', ', 1, count - 1) .. ' or ' .. types[count] or types[1]
    argError(name, n, expected, v)
  end

  local methods = {}
  local meta = { __index = methods }

  local function newBuilder(tagName, args)
    if tagName ~= nil and tagName ~= '' and not find(tagName, '^[a-zA-Z0-9]+$') then
      error(format("invalid tag name '%s'", tagName), 3)
    end
    args = args or {}
    local builder = setmetatable({ nodes = {}, attributes = {}, styles = {} }, meta)
    if tagName ~= '' then builder.tagName = tagName end
    builder.parent = args.parent
    builder.selfClosing = voidElements[tagName] or args.selfClosing or false
    return builder
  end

  local function append(t, node)
    if t.selfClosing then error("self-closing tags can't have child nodes", 3) end
    if node then insert(t.nodes, node) end
    return t
  end

  local function findAttr(t, name)
    for i, attr in ipairs(t.attributes) do
      if attr.name == name then return attr, i end
    end
  end

  function methods._build(t, out)
    local tag = t.tagName
    if tag then
      out[#out + 1] = '<' .. tag
      for _, attr in ipairs(t.attributes) do
        out[#out + 1] = ' ' .. attr.name .. '="' .. escape(attr.val) .. '"'
      end
      if #t.styles > 0 then
        local css = {}
        for i, style in ipairs(t.styles) do
          if type(style) == 'table' then
            css[i] = escape(cssEscape(style.name) .. ':' .. cssEscape(style.val))
          else
            css[i] = escape(style)
          end
        end
        out[#out + 1] = ' style="' .. concat(css, ';') .. '"'
      end
      if t.selfClosing then
        out[#out + 1] = ' />'
        return
      end
      out[#out + 1] = '>'
    end
    for _, node in ipairs(t.nodes) do
      if type(node) == 'table' then node:_build(out) else out[#out + 1] = tostring(node) end
    end
    if tag then out[#out + 1] = '</' .. tag .. '>' end
  end

  meta.__tostring = function(t)
    local out = {}
    t:_build(out)
    return concat(out)
  end

  function methods.node(t, builder)
    return append(t, builder)
  end

  function methods.wikitext(t, ...)
    for k, v in ipairs({ ... }) do
      checkTypes('wikitext', k, v, { 'string', 'number' })
      append(t, v)
    end
    return t
  end

  function methods.newline(t)
    return t:wikitext('\n')
  end

  function methods.tag(t, tagName, args)
    if type(tagName) ~= 'string' then argError('tag', 1, 'string', tagName) end
    if args ~= nil and type(args) ~= 'table' then argError('tag', 2, 'table', args) end
    args = args or {}
    args.parent = t
    local builder = newBuilder(tagName, args)
    t:node(builder)
    return builder
  end

  function methods.getAttr(t, name)
    if type(name) ~= 'string' then argError('getAttr', 1, 'string', name) end
    local attr = findAttr(t, name)
    return attr and attr.val
  end

  function methods.attr(t, name, val)
    if type(name) == 'table' then
      if val ~= nil then
        error("bad argument #2 to 'attr' (if argument #1 is a table, argument #2 must be left empty)", 2)
      end
      local ok = pcall(function()
        for k, v in pairs(name) do t:attr(k, v) end
      end)
      if not ok then
        error("bad argument #1 to 'attr' (table keys must be strings, and values must be strings or numbers)", 2)
      end
      return t
    end
    if type(name) ~= 'string' then argError('attr', 1, 'string', name) end
    checkTypes('attr', 2, val, { 'string', 'number', 'nil' })
    if name == 'style' then
      t.styles = { val }
      return t
    end
    if not find(name, '^[a-zA-Z_:][a-zA-Z0-9_.:-]*$') then
      error(format("bad argument #1 to 'attr' (invalid attribute name '%s')", name), 2)
    end
    local attr, i = findAttr(t, name)
    if attr then
      if val ~= nil then attr.val = val else remove(t.attributes, i) end
    elseif val ~= nil then
      insert(t.attributes, { name = name, val = val })
    end
    return t
  end

  function methods.addClass(t, class)
    checkTypes('addClass', 1, class, { 'string', 'number', 'nil' })
    if class == nil then return t end
    local attr = findAttr(t, 'class')
    if attr then attr.val = attr.val .. ' ' .. class else t:attr('class', class) end
    return t
  end

  function methods.css(t, name, val)
    if type(name) == 'table' then
      if val ~= nil then
        error("bad argument #2 to 'css' (if argument #1 is a table, argument #2 must be left empty)", 2)
      end
      local ok = pcall(function()
        for k, v in pairs(name) do t:css(k, v) end
      end)
      if not ok then
        error("bad argument #1 to 'css' (table keys and values must be strings or numbers)", 2)
      end
      return t
    end
    checkTypes('css', 1, name, { 'string', 'number' })
    checkTypes('css', 2, val, { 'string', 'number', 'nil' })
    for i, style in ipairs(t.styles) do
      if type(style) == 'table' and style.name == name then
        if val ~= nil then style.val = val else remove(t.styles, i) end
        return t
      end
    end
    if val ~= nil then insert(t.styles, { name = name, val = val }) end
    return t
  end

  function methods.cssText(t, css)
    checkTypes('cssText', 1, css, { 'string', 'number', 'nil' })
    insert(t.styles, css)
    return t
  end

  function methods.done(t)
    return t.parent or t
  end

  function methods.allDone(t)
    while t.parent do t = t.parent end
    return t
  end

  function html.create(tagName, args)
    if tagName ~= nil and type(tagName) ~= 'string' then argError('mw.html.create', 1, 'string', tagName) end
    if args ~= nil and type(args) ~= 'table' then argError('mw.html.create', 2, 'table', args) end
    return newBuilder(tagName, args)
  end

  mw.html = html
end
