-- mw.language: language objects (case, numbers, dates, plurals, direction) and language code facts.
return function(mw, host)
  local call = host.call
  local type, select, error, format, tonumber, setmetatable = type, select, error, string.format, tonumber, setmetatable
  local language = {}

  local methods = {}
  local meta = { __index = methods }

  local function checkSelf(self, name)
    if type(self) ~= 'table' or getmetatable(self) ~= meta then
      error(format('mw.language: invalid language object. Did you call %s with a dot instead of a colon, ' ..
        'i.e. lang.%s() instead of lang:%s()?', name, name, name), 3)
    end
  end

  local function checkArgs(name, wanted, ...)
    if select('#', ...) < wanted then error('too few arguments to mw.language:' .. name, 3) end
  end

  -- Methods answered by TypeScript with the language code first; the number is how many arguments they need.
  local forwarded = {
    formatNum = 1, formatDate = 1, formatDuration = 1, getDurationIntervals = 1,
    convertPlural = 2, convertGrammar = 2, gender = 2, caseFold = 1,
  }
  for name, wanted in pairs(forwarded) do
    local callback = 'language.' .. name
    methods[name] = function(self, ...)
      checkSelf(self, name)
      checkArgs(name, wanted, ...)
      return call(callback, self.code, ...)
    end
  end

  local function isAscii(s)
    return type(s) == 'string' and not s:find('[\128-\255]')
  end

  -- Codes TypeScript accepted once: their ASCII case maps need no round trip.
  local validCodes = {}
  if host.site and host.site.lang then validCodes[host.site.lang] = true end

  local function caseMethod(name, ascii)
    local callback = 'language.' .. name
    methods[name] = function(self, ...)
      checkSelf(self, name)
      checkArgs(name, 1, ...)
      local s = ...
      if isAscii(s) and validCodes[self.code] then return ascii(s) end
      local out = call(callback, self.code, s)
      validCodes[self.code] = true
      return out
    end
  end
  caseMethod('lc', string.lower)
  caseMethod('uc', string.upper)
  caseMethod('lcfirst', function(s) return s:sub(1, 1):lower() .. s:sub(2) end)
  caseMethod('ucfirst', function(s) return s:sub(1, 1):upper() .. s:sub(2) end)

  methods.plural = methods.convertPlural

  function methods:grammar(case, word)
    checkSelf(self, 'grammar')
    return self:convertGrammar(word, case)
  end

  function methods:parseFormattedNumber(...)
    checkSelf(self, 'parseFormattedNumber')
    checkArgs('parseFormattedNumber', 1, ...)
    return tonumber(call('language.parseFormattedNumber', self.code, (...)))
  end

  function methods:isRTL()
    checkSelf(self, 'isRTL')
    if self.rtl == nil then self.rtl = call('language.isRTL', self.code) end
    return self.rtl
  end

  function methods:getCode()
    checkSelf(self, 'getCode')
    return self.code
  end

  function methods:getDir()
    checkSelf(self, 'getDir')
    return self:isRTL() and 'rtl' or 'ltr'
  end

  function methods:getDirMark(opposite)
    checkSelf(self, 'getDirMark')
    local rtl = self:isRTL()
    if opposite then rtl = not rtl end
    return rtl and '\226\128\143' or '\226\128\142'
  end

  function methods:getDirMarkEntity(opposite)
    checkSelf(self, 'getDirMarkEntity')
    local rtl = self:isRTL()
    if opposite then rtl = not rtl end
    return rtl and '&rlm;' or '&lrm;'
  end

  local arrows = { left = '←', right = '→', up = '↑', down = '↓' }
  function methods:getArrow(direction)
    checkSelf(self, 'getArrow')
    direction = direction or 'forwards'
    if type(direction) ~= 'string' then
      error("bad argument #1 to 'getArrow' (string expected, got " .. type(direction) .. ')', 2)
    end
    if direction == 'forwards' then return self:isRTL() and '←' or '→' end
    if direction == 'backwards' then return self:isRTL() and '→' or '←' end
    return arrows[direction]
  end

  function methods:getFallbackLanguages()
    checkSelf(self, 'getFallbackLanguages')
    return language.getFallbacksFor(self.code)
  end

  function language.new(code)
    if code == nil then error('too few arguments to mw.language.new()', 2) end
    return setmetatable({ code = code }, meta)
  end

  local contentCode
  function language.getContentLanguage()
    contentCode = contentCode or (host.site and host.site.lang) or call('language.getContLangCode')
    return language.new(contentCode)
  end

  local function static(name, checkFirst)
    local callback = 'language.' .. name
    language[name] = function(...)
      if checkFirst and type((...)) ~= 'string' then
        error(format("bad argument #1 to '%s' (string expected, got %s)", name, type((...))), 2)
      end
      return call(callback, ...)
    end
  end
  static('isSupportedLanguage', true)
  static('isKnownLanguageTag', true)
  static('isValidCode', true)
  static('isValidBuiltInCode', true)
  static('fetchLanguageName', true)
  static('fetchLanguageNames', false)
  static('getFallbacksFor', true)

  mw.language = language
  mw.getContentLanguage = language.getContentLanguage
  mw.getLanguage = language.new
end
