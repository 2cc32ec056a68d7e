-- mw.message: interface messages (the wiki's MediaWiki: pages, then MediaWiki's own texts) with parameters, as plain text.

return function(mw, host)
	local message = {}

	-- rawParam and numParam values: tables TypeScript recognises by their one field.
	local specialParam = {
		__tostring = function(p)
			return tostring(p.raw or p.num)
		end,
	}

	local function typeError(name, index, expected, value, level)
		error(string.format("bad argument #%d to '%s' (%s expected, got %s)", index, name, expected, type(value)), level + 1)
	end

	local function defaultLanguage()
		return host.siteInfo().lang
	end

	-- A parameter as Scribunto accepts it: a string, a number, an object with __tostring, or
	-- (where allowed) a raw or number parameter.
	local function checkScalar(name, index, value, level, specialOk)
		local kind = type(value)
		local meta = kind == 'table' and getmetatable(value)
		if specialOk and meta == specialParam then
			return value
		end
		if meta and meta.__tostring then
			return tostring(value)
		end
		if kind ~= 'string' and kind ~= 'number' then
			typeError(name, index, 'string or number', value, level + 1)
		end
		return value
	end

	-- Parameters come as one table or as separate arguments.
	local function checkParams(name, specialOk, ...)
		local params, count
		local first = ...
		local firstMeta = type(first) == 'table' and getmetatable(first)
		if type(first) == 'table' and not (firstMeta and firstMeta.__tostring) then
			if select('#', ...) ~= 1 then
				error("bad arguments to '" .. name .. "' (pass either a table of params or params as individual arguments)", 3)
			end
			params, count = first, table.maxn(first)
		else
			params, count = { ... }, select('#', ...)
		end
		local checked = {}
		for i = 1, count do
			checked[i] = checkScalar('params', i, params[i], 3, specialOk)
		end
		return checked, count
	end

	-- What crosses to TypeScript: numbers as Lua prints them (PHP's precision matches), raw and
	-- number parameters as { raw = ... } and { num = ... }.
	local function wireParam(p)
		if type(p) == 'table' then
			if p.num ~= nil then
				return { num = p.num }
			end
			return { raw = type(p.raw) == 'number' and tostring(p.raw) or p.raw }
		end
		return type(p) == 'number' and tostring(p) or p
	end

	local messageMethods = {}
	-- A message's parameters and options live in its metatable, so that mw.clone copies them.
	local function plainText(msg)
		return msg:plain()
	end

	local function specOf(msg)
		local meta = getmetatable(msg)
		return type(meta) == 'table' and meta.messageSpec or nil
	end

	local function checkSelf(self, method)
		local spec = specOf(self)
		if not spec then
			error(string.format(
				'mw.message: invalid message object. Did you call %s with a dot instead of a colon, i.e. msg.%s() instead of msg:%s()?',
				method, method, method), 3)
		end
		return spec
	end

	local function newMessage(keys, rawMessage)
		return setmetatable({}, {
			messageSpec = { keys = keys, rawMessage = rawMessage, params = {}, lang = defaultLanguage(), useDB = true },
			__index = messageMethods,
			__tostring = plainText,
		})
	end

	local function addParams(self, method, wrap, specialOk, ...)
		local spec = checkSelf(self, method)
		local params, count = checkParams(method, specialOk, ...)
		local n = #spec.params
		for i = 1, count do
			spec.params[n + i] = wrap(params[i])
		end
		return self
	end

	local function asIs(p) return p end
	local function asRaw(p) return setmetatable({ raw = p }, specialParam) end
	local function asNumber(p) return setmetatable({ num = p }, specialParam) end

	function messageMethods:params(...)
		return addParams(self, 'params', asIs, true, ...)
	end

	function messageMethods:rawParams(...)
		return addParams(self, 'rawParams', asRaw, false, ...)
	end

	function messageMethods:numParams(...)
		return addParams(self, 'numParams', asNumber, false, ...)
	end

	function messageMethods:inLanguage(lang)
		local spec = checkSelf(self, 'inLanguage')
		if type(lang) == 'table' and lang.getCode then
			lang = lang:getCode()
		end
		if type(lang) ~= 'string' then
			typeError('inLanguage', 1, 'string', lang, 2)
		end
		spec.lang = lang
		return self
	end

	function messageMethods:useDatabase(value)
		local spec = checkSelf(self, 'useDatabase')
		if type(value) ~= 'boolean' then
			typeError('useDatabase', 1, 'boolean', value, 2)
		end
		spec.useDB = value
		return self
	end

	local function wire(spec)
		local params = {}
		for i = 1, #spec.params do
			params[i] = wireParam(spec.params[i])
		end
		return { keys = spec.keys, rawMessage = spec.rawMessage, params = params, lang = spec.lang, useDB = spec.useDB }
	end

	function messageMethods:plain()
		return host.call('message.plain', wire(checkSelf(self, 'plain')))
	end

	for _, what in ipairs({ 'exists', 'isBlank', 'isDisabled' }) do
		messageMethods[what] = function(self)
			return host.call('message.check', what, wire(checkSelf(self, what)))
		end
	end


	function message.new(key, ...)
		if type(key) ~= 'string' then
			typeError('message.new', 1, 'string', key, 2)
		end
		return newMessage({ key }):params(...)
	end

	function message.newFallbackSequence(...)
		for i = 1, math.max(1, select('#', ...)) do
			local key = select(i, ...)
			if type(key) ~= 'string' then
				typeError('message.newFallbackSequence', i, 'string', key, 2)
			end
		end
		return newMessage({ ... })
	end

	function message.newRawMessage(text, ...)
		if type(text) ~= 'string' then
			typeError('message.newRawMessage', 1, 'string', text, 2)
		end
		return newMessage(nil, text):params(...)
	end

	function message.rawParam(value)
		return asRaw(checkScalar('message.rawParam', 1, value, 2))
	end

	function message.numParam(value)
		return asNumber(checkScalar('message.numParam', 1, value, 2))
	end

	function message.getDefaultLanguage()
		if mw.language and mw.language.new then
			return mw.language.new(defaultLanguage())
		end
		return defaultLanguage()
	end

	mw.message = message
	if package and package.loaded then
		package.loaded['mw.message'] = message
	end
end
