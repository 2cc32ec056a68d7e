-- mw.uri: URL encoding, query strings and URI objects in Lua; page URLs and anchors from TypeScript.

return function(mw, host)
	local uri = {}
	local uriMethods = {}
	local uriMeta = {}

	local function typeError(name, index, expected, value, level)
		error(string.format("bad argument #%d to '%s' (%s expected, got %s)", index, name, expected, type(value)), level + 1)
	end

	local function checkString(name, index, value)
		if type(value) ~= 'string' then
			typeError(name, index, 'string', value, 3)
		end
	end

	local function percent(c)
		return string.format('%%%02X', string.byte(c))
	end

	-- RFC 3986's unreserved characters stay; a space becomes `space`.
	local function encodeUnreserved(s, space)
		return (string.gsub(s, '[^%w_.~-]', function(c)
			return c == ' ' and space or percent(c)
		end))
	end

	local function decodePercent(s)
		return (string.gsub(s, '%%(%x%x)', function(hex)
			return string.char(tonumber(hex, 16))
		end))
	end

	local ENCODERS = {
		QUERY = function(s) return encodeUnreserved(s, '+') end,
		PATH = function(s) return encodeUnreserved(s, '%20') end,
		-- wfUrlencode's readable characters, with underscores for spaces as in page names.
		WIKI = function(s)
			return (string.gsub(s, "[^%w!$()*,./:;@~_-]", function(c)
				return c == ' ' and '_' or percent(c)
			end))
		end,
	}
	local DECODERS = {
		QUERY = function(s) return decodePercent((string.gsub(s, '%+', ' '))) end,
		PATH = decodePercent,
		WIKI = function(s) return decodePercent((string.gsub(s, '_', ' '))) end,
	}

	function uri.encode(s, enctype)
		checkString('encode', 1, s)
		local encoder = ENCODERS[string.upper(enctype or 'QUERY')]
		if not encoder then
			error("bad argument #2 to 'encode' (expected QUERY, PATH, or WIKI)", 2)
		end
		return encoder(s)
	end

	function uri.decode(s, enctype)
		checkString('decode', 1, s)
		local decoder = DECODERS[string.upper(enctype or 'QUERY')]
		if not decoder then
			error("bad argument #2 to 'decode' (expected QUERY, PATH, or WIKI)", 2)
		end
		return decoder(s)
	end

	function uri.anchorEncode(s)
		checkString('anchorEncode', 1, s)
		return host.call('uri.anchorEncode', s)
	end

	-- A query table that remembers the order its keys were first set in (pairs follows it);
	-- a key set again after being removed goes to the end.
	local function orderedQuery()
		local order = {}
		return setmetatable({}, {
			__newindex = function(t, k, v)
				for i = #order, 1, -1 do
					if order[i] == k then
						table.remove(order, i)
						break
					end
				end
				order[#order + 1] = k
				rawset(t, k, v)
			end,
			__pairs = function(t)
				local i = 0
				return function()
					while i < #order do
						i = i + 1
						local k = order[i]
						if rawget(t, k) ~= nil then
							return k, rawget(t, k)
						end
					end
					return nil
				end, t, nil
			end,
		})
	end

	function uri.parseQueryString(s, i, j)
		checkString('parseQueryString', 1, s)
		if i ~= nil and type(i) ~= 'number' then
			typeError('parseQueryString', 2, 'number', i, 2)
		end
		if j ~= nil and type(j) ~= 'number' then
			typeError('parseQueryString', 3, 'number', j, 2)
		end
		s = string.gsub(string.sub(s, i or 1, j or -1), '%+', ' ')
		local query = orderedQuery()
		local pos = string.sub(s, 1, 1) == '?' and 2 or 1
		while pos <= #s do
			local amp = string.find(s, '&', pos, true) or #s + 1
			local pair = string.sub(s, pos, amp - 1)
			pos = amp + 1
			local eq = string.find(pair, '=', 1, true)
			local key, value
			if eq then
				key, value = decodePercent(string.sub(pair, 1, eq - 1)), decodePercent(string.sub(pair, eq + 1))
			else
				key, value = decodePercent(pair), false
			end
			local old = query[key]
			if not old then
				query[key] = value
			elseif type(old) == 'table' then
				old[#old + 1] = value
			else
				query[key] = { old, value }
			end
		end
		return query
	end

	function uri.buildQueryString(query)
		if type(query) ~= 'table' then
			typeError('buildQueryString', 1, 'table', query, 2)
		end
		local parts = {}
		for k, v in pairs(query) do
			local values = type(v) == 'table' and v or { v }
			for i = 1, #values do
				local part = encodeUnreserved(k, '+')
				if values[i] then
					part = part .. '=' .. encodeUnreserved(values[i], '+')
				end
				parts[#parts + 1] = part
			end
		end
		return table.concat(parts, '&')
	end

	-- Fields: true for those computed from the stored ones (and the methods), false for stored ones.
	local FIELD_ORDER = {
		'protocol', 'user', 'password', 'host', 'port', 'path', 'query', 'fragment',
		'userInfo', 'hostPort', 'authority', 'queryString', 'relativePath',
		'parse', 'clone', 'extend', 'validate',
	}
	local computedField = {
		protocol = false, user = false, password = false, host = false, port = false, path = false, query = false, fragment = false,
		userInfo = true, hostPort = true, authority = true, queryString = true, relativePath = true,
		parse = true, clone = true, extend = true, validate = true,
	}

	local getters = {
		userInfo = function(u)
			local user, password = rawget(u, 'user'), rawget(u, 'password')
			if user and password then
				return user .. ':' .. password
			end
			return user
		end,
		hostPort = function(u)
			local host, port = rawget(u, 'host'), rawget(u, 'port')
			if port then
				return (host or '') .. ':' .. port
			end
			return host
		end,
		authority = function(u)
			local info, hostPort = u.userInfo, u.hostPort
			if info then
				return info .. '@' .. (hostPort or '')
			end
			return hostPort
		end,
		queryString = function(u)
			local query = rawget(u, 'query')
			return query and uri.buildQueryString(query)
		end,
		relativePath = function(u)
			local s = rawget(u, 'path') or ''
			local qs = u.queryString
			if qs then
				s = s .. '?' .. qs
			end
			local fragment = rawget(u, 'fragment')
			if fragment then
				s = s .. '#' .. fragment
			end
			return s
		end,
	}

	local function checkIndexString(key, value)
		if type(value) ~= 'string' then
			error(string.format("value for index '%s' must be string, %s given", key, type(value)), 3)
		end
	end

	-- The text before the first `separator` and the text after it (nil without one).
	local function splitOnce(value, separator)
		local at = string.find(value, separator, 1, true)
		if not at then return value, nil end
		return string.sub(value, 1, at - 1), string.sub(value, at + 1)
	end

	local setters = {
		userInfo = function(u, value)
			local user, password
			if value then
				checkIndexString('userInfo', value)
				user, password = splitOnce(value, ':')
			end
			rawset(u, 'user', user)
			rawset(u, 'password', password)
		end,
		hostPort = function(u, value)
			local host, port
			if value then
				checkIndexString('hostPort', value)
				local bracketed, digits = string.match(value, '^(%[[^/?#%[%]@]+%]):(%d+)$')
				if bracketed then
					host, port = bracketed, tonumber(digits)
				elseif string.match(value, '^%[[^/?#%[%]@]+%]$') then
					host = value
				else
					local colon = string.find(value, ':', 1, true)
					if colon then
						host = string.sub(value, 1, colon - 1)
						port = tonumber(string.sub(value, colon + 1))
						if not port then
							error(string.format("Invalid port in '%s'", value), 3)
						end
					else
						host = value
					end
				end
			end
			rawset(u, 'host', host)
			rawset(u, 'port', port)
		end,
		authority = function(u, value)
			local info, hostPort
			if value then
				checkIndexString('authority', value)
				local before, after = splitOnce(value, '@')
				if after then info, hostPort = before, after else hostPort = value end
			end
			u.userInfo = info
			u.hostPort = hostPort
		end,
		queryString = function(u, value)
			if value then
				checkIndexString('queryString', value)
				value = uri.parseQueryString(value)
			end
			rawset(u, 'query', value or nil)
		end,
		relativePath = function(u, value)
			local path, query, fragment
			if value then
				checkIndexString('relativePath', value)
				local rest = value
				local hash = string.find(rest, '#', 1, true)
				if hash then
					fragment = string.sub(rest, hash + 1)
					rest = string.sub(rest, 1, hash - 1)
				end
				local question = string.find(rest, '?', 1, true)
				if question then
					query = uri.parseQueryString(string.sub(rest, question + 1))
					rest = string.sub(rest, 1, question - 1)
				end
				path = rest
			end
			rawset(u, 'path', path)
			rawset(u, 'query', query)
			rawset(u, 'fragment', fragment)
		end,
	}

	function uriMeta.__index(u, key)
		if uriMethods[key] then
			return uriMethods[key]
		end
		local get = getters[key]
		return get and get(u)
	end

	function uriMeta.__newindex(u, key, value)
		local set = setters[key]
		if set then
			set(u, value)
		elseif computedField[key] then
			error("index '" .. key .. "' is read only", 2)
		else
			rawset(u, key, value)
		end
	end

	function uriMeta.__pairs(u)
		local i = 0
		local own = nil
		return function()
			while i < #FIELD_ORDER do
				i = i + 1
				local key = FIELD_ORDER[i]
				local value
				if computedField[key] then
					value = u[key]
				else
					value = rawget(u, key)
				end
				if value ~= nil then
					return key, value
				end
			end
			repeat
				own = next(u, own)
			until own == nil or computedField[own] == nil
			return own, own ~= nil and rawget(u, own) or nil
		end, u, nil
	end

	function uriMeta.__tostring(u)
		local s = ''
		if u.protocol then
			s = u.protocol .. ':'
		end
		local authority = u.authority
		if authority then
			s = s .. '//' .. authority
		end
		return s .. u.relativePath
	end

	-- Scribunto's checks, in its order; the messages are joined with '; '.
	function uri.validate(u)
		if type(u) ~= 'table' then
			typeError('validate', 1, 'table', u, 2)
		end
		local problems = {}
		local function problem(text)
			problems[#problems + 1] = text
		end
		local function stringField(name, pattern, alternative)
			local value = u[name]
			if not value then
				return
			end
			if type(value) ~= 'string' then
				problem('.' .. name .. ' must be a string, not ' .. type(value))
			elseif not string.match(value, pattern) and not (alternative and string.match(value, alternative)) then
				problem('invalid .' .. name)
			end
		end
		stringField('protocol', '^[^:/?#]+$')
		stringField('user', '^[^:@/?#]*$')
		stringField('password', '^[^:@/?#]*$')
		stringField('host', '^[^:/?#]*$', '^%[[^/?#%[%]@]+%]$')
		local port = u.port
		if port then
			if type(port) ~= 'number' or math.floor(port) ~= port then
				problem('.port must be an integer, not ' .. type(port))
			elseif port < 1 or port > 65535 then
				problem('invalid .port')
			end
		end

		local path = u.path
		local hasAuthority = u.user or u.password or u.host or u.port
		if not path then
			problem('missing .path')
		elseif type(path) ~= 'string' then
			problem('.path must be a string, not ' .. type(path))
		elseif hasAuthority then
			if not (path == '' or string.match(path, '^/[^?#]*$')) then
				problem('invalid .path')
			end
		elseif not (
			path == '' or path == '/'
			or string.match(path, '^/[^?#/][^?#]*$')
			or (u.protocol and string.match(path, '^[^?#/][^?#]*$'))
			or (not u.protocol and (string.match(path, '^[^?#/:]+$') or string.match(path, '^[^?#/:]+/[^?#]*$')))
		) then
			problem('invalid .path')
		end

		if u.query and type(u.query) ~= 'table' then
			problem('.query must be a table, not ' .. type(u.query))
		end
		if u.fragment and type(u.fragment) ~= 'string' then
			problem('.fragment must be a string, not ' .. type(u.fragment))
		end
		return #problems == 0, table.concat(problems, '; ')
	end
	uriMethods.validate = uri.validate

	function uriMethods:parse(s)
		checkString('uri:parse', 1, s)
		-- scheme://authority rest, //authority rest, scheme:rest, or only a relative path.
		local protocol, authority, relativePath = string.match(s, '^([^:/?#]+)://([^/?#]*)(.*)$')
		if not protocol then
			authority, relativePath = string.match(s, '^//([^/?#]*)(.*)$')
		end
		if not relativePath then
			protocol, relativePath = string.match(s, '^([^:/?#]+):(.*)$')
		end
		if not relativePath then
			relativePath = s
		end

		-- Parsed aside, so that an invalid string leaves this object as it was.
		local parsed = setmetatable({ protocol = protocol }, uriMeta)
		if not pcall(setters.authority, parsed, authority) then
			error('Invalid port number in string', 2)
		end
		parsed.relativePath = relativePath
		local ok, problems = uri.validate(parsed)
		if not ok then
			error(problems, 2)
		end

		for _, key in ipairs({ 'protocol', 'host', 'port', 'path', 'query', 'fragment' }) do
			if rawget(parsed, key) ~= nil then
				rawset(self, key, rawget(parsed, key))
			end
		end
		if parsed.user or parsed.password then
			rawset(self, 'user', rawget(parsed, 'user'))
			rawset(self, 'password', rawget(parsed, 'password'))
		end
		return self
	end

	local function copyQuery(query)
		if type(query) ~= 'table' then
			return query
		end
		local copy = orderedQuery()
		for k, v in pairs(query) do
			if type(v) == 'table' then
				local values = {}
				for i, item in pairs(v) do
					values[i] = item
				end
				v = values
			end
			copy[k] = v
		end
		return copy
	end

	local defaultUrl
	table.insert(host.onNewPage, function()
		defaultUrl = nil
	end)

	function uri.new(s)
		if s == nil or type(s) == 'string' then
			if s == nil then
				defaultUrl = defaultUrl or host.call('uri.defaultUrl')
			end
			return setmetatable({}, uriMeta):parse(s or defaultUrl)
		elseif type(s) == 'table' then
			return setmetatable({
				protocol = s.protocol, user = s.user, password = s.password, host = s.host, port = s.port,
				path = s.path, query = copyQuery(s.query), fragment = s.fragment,
			}, uriMeta)
		end
		typeError('new', 1, 'string or table or nil', s, 2)
	end

	function uriMethods:clone()
		return uri.new(self)
	end

	function uriMethods:extend(parameters)
		if type(parameters) ~= 'table' then
			typeError('uri:extend', 1, 'table', parameters, 2)
		end
		local query = rawget(self, 'query')
		if not query then
			query = orderedQuery()
			rawset(self, 'query', query)
		end
		for k, v in pairs(parameters) do
			query[k] = v
		end
		return self
	end

	local function pageUrl(name, which, page, query)
		if type(page) ~= 'string' then
			typeError(name, 1, 'string', page, 3)
		end
		if query ~= nil and type(query) ~= 'string' and type(query) ~= 'table' then
			typeError(name, 2, 'string or table', query, 3)
		end
		local url = host.call('uri.url', which, page, query)
		return url and uri.new(url)
	end

	function uri.localUrl(page, query)
		return pageUrl('localurl', 'localUrl', page, query)
	end

	function uri.fullUrl(page, query)
		return pageUrl('fullurl', 'fullUrl', page, query)
	end

	function uri.canonicalUrl(page, query)
		return pageUrl('canonicalurl', 'canonicalUrl', page, query)
	end

	mw.uri = uri
	if package and package.loaded then
		package.loaded['mw.uri'] = uri
	end
end
