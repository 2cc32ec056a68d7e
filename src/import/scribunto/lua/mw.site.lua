-- mw.site: the wiki's name, paths, namespaces, statistics and interwiki map, fetched from TypeScript the first time a module looks.

return function(mw, host)
	local site = {}
	local info -- the answer of site.info: the same for every page of the process

	local function siteInfo()
		if not info then
			info = host.call('site.info')
		end
		return info
	end
	-- mw.title, mw.uri and mw.message read the namespaces and the language from here too.
	host.siteInfo = siteInfo

	local function argumentError(index, name, expected, value)
		error(string.format("bad argument #%d to '%s' (%s expected, got %s)", index, name, expected, type(value)), 3)
	end

	-- Namespaces by name: local, canonical and alias names with spaces; anything else
	-- (underscores, other letter case) is asked of TypeScript once and remembered.
	local function namespaceTables()
		local byId, byName = {}, {}
		local subject, talk, content = {}, {}, {}
		for _, ns in ipairs(siteInfo().namespaces) do
			byId[ns.id] = ns
		end
		for id, ns in pairs(byId) do
			ns.subject = byId[ns.subject]
			ns.talk = byId[ns.talk]
			ns.associated = byId[ns.associated]
			byName[ns.name] = ns
			if ns.canonicalName ~= '' then
				byName[ns.canonicalName] = ns
			end
			for _, alias in ipairs(ns.aliases) do
				if byName[alias] == nil then
					byName[alias] = ns
				end
			end
			if ns.isSubject then subject[id] = ns end
			if ns.isTalk then talk[id] = ns end
			if ns.isContent then content[id] = ns end
		end
		setmetatable(byName, {
			__index = function(t, name)
				if type(name) ~= 'string' then
					return nil
				end
				local spaced = string.gsub(name, '_', ' ')
				local found = rawget(t, spaced)
				if found == nil then
					local id = host.call('site.nsIndex', spaced)
					found = id and byId[id]
					if found then
						rawset(t, spaced, found)
					end
				end
				return found
			end,
		})
		setmetatable(byId, { __index = byName })
		return byId, subject, talk, content
	end

	local categoryCounts = {}
	table.insert(host.onNewPage, function()
		categoryCounts = {}
	end)

	local COUNT_KINDS = { all = true, pages = true, subcats = true, files = true }

	local function pagesInCategory(category, which)
		if type(category) ~= 'string' then
			argumentError(1, 'pagesInCategory', 'string', category)
		end
		if which ~= nil and type(which) ~= 'string' then
			argumentError(2, 'pagesInCategory', 'string', which)
		end
		which = which or 'all'
		local counts = categoryCounts[category]
		if not counts then
			counts = host.call('site.pagesInCategory', category)
			categoryCounts[category] = counts
		end
		if which == '*' then
			return { all = counts.all, pages = counts.pages, subcats = counts.subcats, files = counts.files }
		end
		if not COUNT_KINDS[which] then
			argumentError(2, 'pagesInCategory', "one of '*', 'all', 'pages', 'subcats', or 'files'", which)
		end
		return counts[which]
	end

	local function pagesInNamespace(ns)
		if type(ns) ~= 'number' then
			argumentError(1, 'pagesInNamespace', 'number', ns)
		end
		return host.call('site.pagesInNamespace', ns)
	end

	local function usersInGroup(group)
		if type(group) ~= 'string' then
			argumentError(1, 'usersInGroup', 'string', group)
		end
		return host.call('site.usersInGroup', group)
	end

	local function makeStats()
		local stats = host.call('site.stats')
		stats.pagesInCategory = pagesInCategory
		stats.pagesInNamespace = pagesInNamespace
		stats.usersInGroup = usersInGroup
		return stats
	end

	local interwikiMaps = {}
	function site.interwikiMap(filter)
		if filter ~= nil and type(filter) ~= 'string' then
			argumentError(1, 'interwikiMap', 'string', filter)
		end
		local key = filter or ''
		if interwikiMaps[key] == nil then
			interwikiMaps[key] = host.call('site.interwikiMap', filter)
		end
		return interwikiMaps[key]
	end

	-- Everything but interwikiMap waits for the first module that reads it: the library is
	-- loaded before any page is parsed.
	local loaders = {
		siteName = function() return siteInfo().siteName end,
		server = function() return siteInfo().server end,
		scriptPath = function() return siteInfo().scriptPath end,
		stylePath = function() return siteInfo().stylePath end,
		currentVersion = function() return siteInfo().currentVersion end,
		stats = makeStats,
	}
	local namespaceFields = { namespaces = 1, subjectNamespaces = 2, talkNamespaces = 3, contentNamespaces = 4 }

	setmetatable(site, {
		__index = function(t, key)
			local load = loaders[key]
			if load then
				local value = load()
				rawset(t, key, value)
				return value
			end
			if namespaceFields[key] then
				local byId, subject, talk, content = namespaceTables()
				rawset(t, 'namespaces', byId)
				rawset(t, 'subjectNamespaces', subject)
				rawset(t, 'talkNamespaces', talk)
				rawset(t, 'contentNamespaces', content)
				return rawget(t, key)
			end
			return nil
		end,
	})

	mw.site = site
	if package and package.loaded then
		package.loaded['mw.site'] = site
	end
end
