-- mw.title: title objects that carry their cheap facts and ask TypeScript for the costly ones (existence, content, files) on first read, which records links as MediaWiki does.

return function(mw, host)
	local title = {}
	local NS_MEDIA, NS_SPECIAL = -2, -1

	-- A title object is an empty table whose metatable holds its facts beside the shared
	-- metamethods, so that mw.clone (which copies metatables) gives a working copy.
	local methods = {}
	local titleMeta = {}
	local function factsOf(t)
		local meta = getmetatable(t)
		return type(meta) == 'table' and meta.titleFacts or nil
	end

	-- What TypeScript answered during this page, by the question: links are recorded per page,
	-- so nothing is kept from one page to the next.
	local answers
	local function forgetAnswers()
		answers = { new = {}, make = {}, byId = {}, expensive = {}, file = {}, content = {}, current = nil }
	end
	forgetAnswers()
	table.insert(host.onNewPage, forgetAnswers)

	-- What TypeScript answered about the wiki's titles on any page, for the answers that record
	-- nothing or whose recording can be asked for without waiting (host.note): the same on every
	-- page of a wiki (the host says when the wiki changes). Bounded: forgotten when it grows.
	local WIKI_ANSWERS_LIMIT = 20000
	local wikiAnswers, wikiAnswerCount
	local function forgetWikiAnswers()
		wikiAnswers, wikiAnswerCount = { new = {}, make = {}, expensive = {} }, 0
	end
	forgetWikiAnswers()
	table.insert(host.onNewWiki, forgetWikiAnswers)
	local function rememberForWiki(store, key, answer)
		if wikiAnswerCount >= WIKI_ANSWERS_LIMIT then
			forgetWikiAnswers()
		end
		wikiAnswers[store][key] = answer
		wikiAnswerCount = wikiAnswerCount + 1
	end

	local function typeError(name, index, expected, value, level)
		error(string.format("bad argument #%d to '%s' (%s expected, got %s)", index, name, expected, type(value)), level + 1)
	end

	-- A namespace number, from a number or a name (in any of its spellings), as Scribunto's checkNamespace.
	local function namespaceNumber(name, index, ns, level)
		if type(ns) == 'string' and tostring(tonumber(ns)) == ns then
			ns = tonumber(ns)
		end
		if type(ns) == 'number' then
			ns = math.floor(ns + 0.5)
			if not mw.site.namespaces[ns] then
				error(string.format("bad argument #%d to '%s' (unrecognized namespace number '%s')", index, name, ns), level + 1)
			end
			return ns
		elseif type(ns) == 'string' then
			local found = mw.site.namespaces[ns]
			if not found then
				error(string.format("bad argument #%d to '%s' (unrecognized namespace name '%s')", index, name, ns), level + 1)
			end
			return found.id
		end
		typeError(name, index, 'string or number', ns, level + 1)
	end

	local function checkSelf(self, method)
		local f = factsOf(self)
		if f == nil then
			error(string.format(
				'mw.title: invalid title object. Did you call %s with a dot instead of a colon, i.e. title.%s() instead of title:%s()?',
				method, method, method), 3)
		end
		return f
	end

	local NO_NAMESPACE = { isContent = false, isTalk = false, hasSubpages = false, subject = { name = '' } }

	-- A title object from what TypeScript says about a title (nil stays nil).
	local function newObject(answer)
		if not answer then
			return nil
		end
		local f = {}
		for k, v in pairs(answer) do
			f[k] = v
		end
		f.isCurrentTitle = nil
		local ns = mw.site.namespaces[f.namespace] or NO_NAMESPACE
		f.isContentPage = ns.isContent
		f.isExternal = f.interwiki ~= ''
		f.isSpecialPage = f.namespace == NS_SPECIAL
		f.isTalkPage = ns.isTalk
		f.subjectNsText = ns.subject and ns.subject.name or f.nsText
		f.talkNsText = ns.talk and ns.talk.name
		f.canTalk = ns.talk ~= nil

		local prefixed = f.text
		if f.nsText ~= '' then
			prefixed = (string.gsub(f.nsText .. ':' .. prefixed, '_', ' '))
		end
		if f.interwiki ~= '' then
			prefixed = f.interwiki .. ':' .. prefixed
		end
		f.prefixedText = prefixed

		local firstSlash = ns.hasSubpages and string.find(f.text, '/', 1, true)
		if firstSlash then
			local lastSlash = firstSlash
			repeat
				local nextSlash = string.find(f.text, '/', lastSlash + 1, true)
				lastSlash = nextSlash or lastSlash
			until not nextSlash
			f.isSubpage = true
			f.rootText = string.sub(f.text, 1, firstSlash - 1)
			f.baseText = string.sub(f.text, 1, lastSlash - 1)
			f.subpageText = string.sub(f.text, lastSlash + 1)
		else
			f.isSubpage = false
			f.rootText = f.text
			f.baseText = f.text
			f.subpageText = f.text
		end

		local meta = { titleFacts = f }
		for k, v in pairs(titleMeta) do
			meta[k] = v
		end
		return setmetatable({}, meta)
	end

	local function fullText(f)
		if f.fragment ~= '' then
			return f.prefixedText .. '#' .. f.fragment
		end
		return f.prefixedText
	end

	-- Scribunto's getExpensiveData: asking records a pagelinks row for any title but the page's own.
	local function loadExpensive(f)
		local key = f.prefixedText
		local facts = answers.expensive[key]
		if facts == nil then
			facts = wikiAnswers.expensive[key]
			if facts ~= nil and host.note then
				-- Known from another page: this page's pagelinks row is all the host has to add.
				host.note('title.expensive', fullText(f))
			else
				facts = host.call('title.expensive', fullText(f)) or false
				rememberForWiki('expensive', key, facts)
			end
			answers.expensive[key] = facts
		end
		if facts then
			for k, v in pairs(facts) do
				f[k] = v
			end
		end
	end

	local function fileInfo(f)
		if f.file == nil then
			local key = f.prefixedText
			if answers.file[key] == nil then
				answers.file[key] = host.call('title.file', key)
			end
			f.file = answers.file[key]
		end
		return f.file or nil
	end

	-- Fields computed when read; the expensive ones are filled in by loadExpensive.
	local computed = {
		fullText = fullText,
		rootPageTitle = function(f) return title.makeTitle(f.namespace, f.rootText) end,
		basePageTitle = function(f) return title.makeTitle(f.namespace, f.baseText) end,
		talkPageTitle = function(f, t)
			local talk = mw.site.namespaces[f.namespace].talk
			if not talk then
				return nil
			end
			if talk.id == f.namespace then
				return t
			end
			return title.makeTitle(talk.id, f.text)
		end,
		subjectPageTitle = function(f, t)
			local subject = mw.site.namespaces[f.namespace].subject
			if subject.id == f.namespace then
				return t
			end
			return title.makeTitle(subject.id, f.text)
		end,
		file = fileInfo,
		fileExists = function(f)
			local file = fileInfo(f)
			return file and file.exists
		end,
		protectionLevels = function(f)
			if f.protectionLevels == nil then
				f.protectionLevels = host.call('title.protectionLevels', f.prefixedText)
			end
			return f.protectionLevels
		end,
		cascadingProtection = function(f)
			if f.cascadingProtection == nil then
				f.cascadingProtection = { sources = {}, restrictions = {} }
			end
			return f.cascadingProtection
		end,
		redirectTarget = function(f)
			if f.redirectTarget == nil then
				f.redirectTarget = newObject(host.call('title.redirectTarget', f.prefixedText)) or false
			end
			return f.redirectTarget
		end,
	}
	local EXPENSIVE = { exists = true, isRedirect = true, contentModel = true, id = true }

	-- Every field a title has, in the order pairs() gives them (talkNsText, added after MediaWiki
	-- 1.39, is left out of the listing); all are read-only but fragment.
	local FIELDS = {
		'id', 'interwiki', 'namespace', 'fragment', 'nsText', 'subjectNsText', 'text', 'prefixedText', 'fullText',
		'rootText', 'baseText', 'subpageText', 'canTalk', 'exists', 'file', 'fileExists', 'isContentPage', 'isExternal', 'isLocal',
		'isRedirect', 'isSpecialPage', 'isSubpage', 'isTalkPage', 'contentModel', 'basePageTitle', 'rootPageTitle', 'talkPageTitle',
		'subjectPageTitle', 'redirectTarget', 'protectionLevels', 'cascadingProtection', 'thePartialUrl',
		'inNamespace', 'inNamespaces', 'hasSubjectNamespace', 'isSubpageOf', 'subPageTitle', 'partialUrl', 'fullUrl', 'localUrl',
		'canonicalUrl', 'getContent',
	}
	local isField = { talkNsText = true }
	for _, name in ipairs(FIELDS) do
		isField[name] = true
	end

	function titleMeta.__index(t, key)
		local f = factsOf(t)
		if methods[key] then
			return methods[key]
		end
		if key == 'exists' and f.namespace == NS_MEDIA then
			key = 'fileExists'
		end
		if EXPENSIVE[key] and f[key] == nil then
			loadExpensive(f)
		end
		local compute = computed[key]
		if compute then
			return compute(f, t)
		end
		return f[key]
	end

	function titleMeta.__newindex(t, key, value)
		local f = factsOf(t)
		if key == 'fragment' then
			if type(value) ~= 'string' then
				error(string.format("value for index 'fragment' must be string, %s given", type(value)), 2)
			end
			value = string.gsub(value, '[%s_]+', ' ')
			value = string.gsub(value, '^(.-) ?$', '%1')
			f.fragment = value
		elseif isField[key] then
			error("index '" .. tostring(key) .. "' is read only", 2)
		else
			rawset(t, key, value)
		end
	end

	function titleMeta.__tostring(t)
		return factsOf(t).prefixedText
	end

	function titleMeta.__lt(a, b)
		return title.compare(a, b) < 0
	end

	function titleMeta.__pairs(t)
		local i = 0
		local own = nil
		return function()
			while i < #FIELDS do
				i = i + 1
				local value = t[FIELDS[i]]
				if value ~= nil then
					return FIELDS[i], value
				end
			end
			local value
			own, value = next(t, own)
			return own, value
		end, t, nil
	end

	function methods:inNamespace(ns)
		local f = checkSelf(self, 'inNamespace')
		return namespaceNumber('inNamespace', 1, ns, 2) == f.namespace
	end

	function methods:inNamespaces(...)
		local f = checkSelf(self, 'inNamespaces')
		for i = 1, select('#', ...) do
			if namespaceNumber('inNamespaces', i, (select(i, ...)), 2) == f.namespace then
				return true
			end
		end
		return false
	end

	function methods:hasSubjectNamespace(ns)
		local f = checkSelf(self, 'hasSubjectNamespace')
		return namespaceNumber('hasSubjectNamespace', 1, ns, 2) == mw.site.namespaces[f.namespace].subject.id
	end

	function methods:isSubpageOf(other)
		local f = checkSelf(self, 'isSubpageOf')
		if type(other) ~= 'table' then
			typeError('isSubpageOf', 1, 'table', other, 2)
		end
		return f.interwiki == other.interwiki and f.namespace == other.namespace
			and other.text .. '/' == string.sub(f.text, 1, #other.text + 1)
	end

	function methods:subPageTitle(text)
		local f = checkSelf(self, 'subPageTitle')
		if type(text) ~= 'string' then
			typeError('subPageTitle', 1, 'string', text, 2)
		end
		return title.makeTitle(f.namespace, f.text .. '/' .. text)
	end

	function methods:partialUrl()
		return checkSelf(self, 'partialUrl').thePartialUrl
	end

	local function checkQuery(name, query)
		if query ~= nil and type(query) ~= 'string' and type(query) ~= 'table' then
			typeError(name, 1, 'table or string', query, 3)
		end
	end

	function methods:fullUrl(query, proto)
		local f = checkSelf(self, 'fullUrl')
		checkQuery('fullUrl', query)
		if proto ~= nil and type(proto) ~= 'string' then
			typeError('fullUrl', 2, 'string', proto, 2)
		end
		return host.call('title.url', fullText(f), 'fullUrl', query, proto)
	end

	function methods:localUrl(query)
		local f = checkSelf(self, 'localUrl')
		checkQuery('localUrl', query)
		return host.call('title.url', fullText(f), 'localUrl', query)
	end

	function methods:canonicalUrl(query)
		local f = checkSelf(self, 'canonicalUrl')
		checkQuery('canonicalUrl', query)
		return host.call('title.url', fullText(f), 'canonicalUrl', query)
	end

	-- The page's wikitext: reading it records a templatelinks row, as a transclusion.
	function methods:getContent()
		local f = checkSelf(self, 'getContent')
		local key = f.prefixedText
		if answers.content[key] == nil then
			answers.content[key] = host.call('title.content', fullText(f)) or false
		end
		return answers.content[key] or nil
	end

	local function remembered(store, key, ask)
		local answer = store[key]
		if answer == nil then
			answer = ask() or false
			store[key] = answer
		end
		return answer
	end

	-- For questions whose answers record nothing: kept for every page of the wiki.
	local function rememberedForWiki(storeName, key, ask)
		local answer = wikiAnswers[storeName][key]
		if answer == nil then
			answer = ask() or false
			rememberForWiki(storeName, key, answer)
		end
		return answer
	end

	function title.new(textOrId, defaultNamespace)
		if type(textOrId) == 'number' then
			return newObject(remembered(answers.byId, textOrId, function()
				return host.call('title.newFromId', textOrId)
			end))
		elseif type(textOrId) == 'string' then
			local ns = 0
			if defaultNamespace ~= nil then
				ns = namespaceNumber('title.new', 2, defaultNamespace, 2)
			end
			return newObject(rememberedForWiki('new', ns .. ':' .. textOrId, function()
				return host.call('title.new', textOrId, ns)
			end))
		end
		typeError('title.new', 1, 'number or string', textOrId, 2)
	end

	function title.makeTitle(ns, text, fragment, interwiki)
		ns = namespaceNumber('makeTitle', 1, ns, 2)
		if type(text) ~= 'string' then
			typeError('makeTitle', 2, 'string', text, 2)
		end
		if fragment ~= nil and type(fragment) ~= 'string' then
			typeError('makeTitle', 3, 'string', fragment, 2)
		end
		if interwiki ~= nil and type(interwiki) ~= 'string' then
			typeError('makeTitle', 4, 'string', interwiki, 2)
		end
		fragment, interwiki = fragment or '', interwiki or ''
		local key = table.concat({ ns, text, fragment, interwiki }, '\0')
		return newObject(rememberedForWiki('make', key, function()
			return host.call('title.make', ns, text, fragment, interwiki)
		end))
	end

	function title.getCurrentTitle()
		if answers.current == nil then
			answers.current = host.page.currentTitle or host.call('title.current')
		end
		return newObject(answers.current)
	end

	function title.equals(a, b)
		return a.interwiki == b.interwiki and a.namespace == b.namespace and a.text == b.text
	end

	function title.compare(a, b)
		for _, field in ipairs({ 'interwiki', 'namespace', 'text' }) do
			if a[field] ~= b[field] then
				return a[field] < b[field] and -1 or 1
			end
		end
		return 0
	end

	titleMeta.__eq = title.equals

	mw.title = title
	if package and package.loaded then
		package.loaded['mw.title'] = title
	end
end
