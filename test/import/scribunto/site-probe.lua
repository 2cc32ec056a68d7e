-- What the MediaWiki probe ran (site-probe-mediawiki.json holds MediaWiki 1.39's answers): cases give a string each, actions record links.
local cases = {}
local function case(name, fn) cases[#cases + 1] = { name, fn } end
local function fields(t, list)
  local out = {}
  for _, k in ipairs(list) do out[#out + 1] = k .. '=' .. tostring(t[k]) end
  return table.concat(out, ' ')
end
case('t-parse', function() return fields(mw.title.new('template:box_X#Some_part'), { 'namespace', 'nsText', 'text', 'fragment', 'prefixedText', 'fullText', 'interwiki', 'isLocal', 'isExternal' }) end)
case('t-default', function() return mw.title.new('Box', 'Template').prefixedText .. '|' .. mw.title.new('Box', 10).prefixedText .. '|' .. mw.title.new(':Box', 10).prefixedText .. '|' .. tostring(mw.title.new('A&amp;B')) .. '|' .. mw.title.new('Box', '10').prefixedText .. '|' .. mw.title.new('x', 'template_talk').prefixedText end)
case('t-invalid', function() return tostring(mw.title.new('')) .. tostring(mw.title.new('A[b]')) .. tostring(mw.title.new('Template:')) .. tostring(mw.title.new('Talk:Template:X')) end)
case('t-err1', function() return mw.title.new('X', 'Nowhere') end)
case('t-err2', function() return mw.title.new('X', 77) end)
case('t-err3', function() return mw.title.new(true) end)
case('t-err4', function() return mw.title.makeTitle(0, 5) end)
case('t-sub', function() local t = mw.title.new('User:Ann/Drafts/One'); return fields(t, { 'isSubpage', 'rootText', 'baseText', 'subpageText' }) .. ' ' .. t.basePageTitle.fullText .. '|' .. t.rootPageTitle.fullText .. '|' .. t:subPageTitle('Two').fullText .. '|' .. tostring(t:isSubpageOf(mw.title.new('User:Ann'))) end)
case('t-nosub', function() return fields(mw.title.new('A/B'), { 'isSubpage', 'rootText', 'baseText', 'subpageText' }) end)
case('t-slash', function() return fields(mw.title.new('User:/x/'), { 'isSubpage', 'rootText', 'baseText', 'subpageText', 'text' }) end)
case('t-talk', function() return fields(mw.title.new('Template talk:Box'), { 'isTalkPage', 'canTalk', 'subjectNsText', 'isContentPage', 'isSpecialPage', 'isExternal', 'isLocal' }) end)
case('t-talk2', function() local t = mw.title.new('Template:Box'); return t.talkPageTitle.fullText .. '|' .. t.talkPageTitle.subjectPageTitle.fullText .. '|' .. tostring(t.subjectPageTitle == t) .. tostring(rawequal(t.subjectPageTitle, t)) end)
case('t-special', function() return fields(mw.title.new('Special:Random'), { 'isSpecialPage', 'canTalk', 'talkPageTitle', 'exists', 'isContentPage', 'nsText' }) .. tostring(mw.title.new('Special:NoSuchThing').exists) .. tostring(mw.title.new('Special:recentchanges').exists) end)
case('t-main', function() return fields(mw.title.new('Foo'), { 'isContentPage', 'nsText', 'subjectNsText', 'canTalk' }) end)
case('t-innamespace', function() local t = mw.title.new('Template talk:Box'); return tostring(t:inNamespace(11)) .. tostring(t:inNamespace('Template_talk')) .. tostring(t:inNamespaces(0, 10)) .. tostring(t:inNamespaces('', 'template talk')) .. tostring(t:hasSubjectNamespace('Template')) .. tostring(t:inNamespace('11')) end)
case('t-interwiki', function() return fields(mw.title.new('wikipedia:Berlin'), { 'interwiki', 'isExternal', 'isLocal', 'prefixedText', 'text', 'namespace', 'nsText' }) end)
case('t-interwiki2', function() return fields(mw.title.new('mw:Help:Foo'), { 'interwiki', 'prefixedText', 'text', 'namespace', 'nsText', 'fullText' }) .. ' ' .. mw.title.new('mw:Help:Foo'):fullUrl() end)
case('t-make', function() return mw.title.makeTitle('Template', 'Box', 'frag').fullText .. '|' .. mw.title.makeTitle(0, 'Talk:Box').fullText .. '|' .. mw.title.makeTitle(0, 'Berlin', '', 'wikipedia').prefixedText .. '|' .. tostring(mw.title.makeTitle(10, '')) .. '|' .. mw.title.makeTitle(10, 'talk:x').fullText end)
case('t-current', function() local t = mw.title.getCurrentTitle(); return t.fullText .. '|' .. tostring(t == mw.title.new('Probe page')) end)
case('t-compare', function() local a, b = mw.title.new('Foo'), mw.title.new('Talk:Foo'); return tostring(a == mw.title.new('foo')) .. tostring(a < b) .. mw.title.compare(b, a) .. tostring(mw.title.equals(a, b)) .. mw.title.compare(a, mw.title.new('wikipedia:A')) end)
case('t-fragment', function() local t = mw.title.new('Foo'); t.fragment = 'a_b  c '; return t.fullText end)
case('t-readonly', function() local t = mw.title.new('Foo'); t.text = 'x' end)
case('t-custom', function() local t = mw.title.new('Foo'); t.myField = 5; return t.myField end)
case('t-dot', function() local t = mw.title.new('Foo'); return t.inNamespace(0) end)
case('t-urls', function() local t = mw.title.new('Foo bar/ä?#Top'); return table.concat({ t:localUrl(), t:localUrl({ action = 'edit' }), t:fullUrl(), t:fullUrl('a=b', 'https'), t:canonicalUrl(), t:partialUrl(), t:fullUrl({ x = 'a b' }, 'http'), t:localUrl('') }, ' ') end)
case('t-urls2', function() return mw.title.new('wikipedia:Berlin Mitte#X'):fullUrl() .. ' ' .. mw.title.new('Special:Random'):localUrl() .. ' ' .. mw.title.new('Media:X.png'):localUrl() end)
case('t-exists', function() local a, b, c = mw.title.new('Foo bar'), mw.title.new('Missing page'), mw.title.new('Redirect here'); return table.concat({ tostring(a.exists), tostring(a.id > 0), tostring(b.exists), b.id, tostring(c.isRedirect), tostring(a.isRedirect), mw.title.new('Module:Probe').contentModel, a.contentModel, mw.title.new('Module:Nope').contentModel, mw.title.new('Module:Probe/doc').contentModel, mw.title.new('MediaWiki:X.css').contentModel }, ' ') end)
case('t-media', function() return tostring(mw.title.new('Media:Nope.png').exists) .. tostring(mw.title.new('File:Nope.png').exists) .. tostring(mw.title.new('File:Nope.png').fileExists) .. tostring(mw.title.new('File:Nope.png').file.exists) .. tostring(mw.title.new('Foo').file) .. tostring(mw.title.new('Foo').fileExists) end)
case('t-content', function() return tostring(mw.title.new('Template:Box'):getContent()) .. '|' .. tostring(mw.title.new('Template:Nothing'):getContent()) end)
case('t-redirect', function() return mw.title.new('Redirect here').redirectTarget.fullText .. '|' .. tostring(mw.title.new('Foo bar').redirectTarget) .. '|' .. tostring(mw.title.new('Nothing here').redirectTarget) end)
case('t-protection', function() local p = mw.title.new('Foo bar').protectionLevels; local q = mw.title.new('Nowhere').protectionLevels; local c = mw.title.new('Foo bar').cascadingProtection; return #p.edit .. #p.move .. tostring(p.create) .. tostring(q.create and #q.create) .. tostring(q.edit) .. #c.sources .. type(c.restrictions) end)
case('t-tostring', function() return tostring(mw.title.new('help talk:x y')) end)
case('s-facts', function() local s = mw.site; return table.concat({ s.siteName, s.server, s.scriptPath, s.stylePath, s.currentVersion }, '|') end)
case('s-ns10', function() local t = mw.site.namespaces[10]; return table.concat({ t.id, t.name, t.canonicalName, tostring(t.hasSubpages), tostring(t.isCapitalized), tostring(t.isContent), tostring(t.isIncludable), tostring(t.isMovable), tostring(t.isSubject), tostring(t.isTalk), t.subject.name, t.talk.name, t.associated.name, tostring(t.defaultContentModel), #t.aliases, tostring(t.hasGenderDistinction), tostring(t.displayName) }, '|') end)
case('s-ns0', function() local m = mw.site.namespaces[0]; return m.name .. '|' .. m.displayName .. '|' .. tostring(m.isContent) .. '|' .. mw.site.namespaces[828].defaultContentModel .. '|' .. tostring(m.hasSubpages) .. '|' .. m.canonicalName end)
case('s-nsneg', function() local s = mw.site.namespaces[-1]; local m = mw.site.namespaces[-2]; return tostring(s.talk) .. tostring(s.isMovable) .. s.subject.id .. tostring(s.associated) .. m.name .. m.canonicalName .. tostring(s.isSubject) .. tostring(s.isTalk) .. tostring(s.isIncludable) end)
case('s-ns2', function() return tostring(mw.site.namespaces[2].hasGenderDistinction) .. mw.site.namespaces[6].aliases[1] .. #mw.site.namespaces[6].aliases .. #mw.site.namespaces[7].aliases .. tostring(mw.site.namespaces[8].isCapitalized) end)
case('s-names', function() local n = mw.site.namespaces; return table.concat({ n.Template.id, n['Template talk'].id, n.template_talk.id, n.Image.id, n.PROJECT.id, n.Project_talk.id, tostring(n.Nowhere), n[''].id, n.Module.id }, ' ') end)
case('s-count', function() local n = 0; for id, ns in pairs(mw.site.namespaces) do n = n + 1 end; return n end)
case('s-lists', function() local function ids(t) local l = {} for id in pairs(t) do l[#l + 1] = id end table.sort(l) return table.concat(l, ',') end; return ids(mw.site.contentNamespaces) .. '|' .. ids(mw.site.subjectNamespaces) .. '|' .. ids(mw.site.talkNamespaces) end)
case('s-statstypes', function() local s = mw.site.stats; return type(s.pages) .. type(s.articles) .. type(s.files) .. type(s.edits) .. type(s.users) .. type(s.activeUsers) .. type(s.admins) end)
case('s-cat', function() local s = mw.site.stats; return s.pagesInCategory('Nothing here') .. type(s.pagesInCategory('Birds', '*')) .. s.pagesInNamespace(10) .. s.usersInGroup('nogroup') end)
case('s-caterr', function() return mw.site.stats.pagesInCategory('Birds', 'nope') end)
case('s-iw', function() local all = mw.site.interwikiMap(); local w = all.wikipedia; return table.concat({ w.prefix, w.url, tostring(w.isLocal), tostring(w.isProtocolRelative), tostring(w.isTranscludable), tostring(w.isCurrentWiki), tostring(w.isExtraLanguageLink), tostring(mw.site.interwikiMap('local').wikipedia ~= nil), tostring(mw.site.interwikiMap('!local').wikipedia ~= nil) }, ' ') end)
case('s-iwerr', function() return mw.site.interwikiMap('odd') end)
case('u-encode', function() local s = 'a b/c?d=e&f~g:h(ä)!*\'$,;@'; return mw.uri.encode(s) .. ' ' .. mw.uri.encode(s, 'PATH') .. ' ' .. mw.uri.encode(s, 'wiki') end)
case('u-encodeerr', function() return mw.uri.encode('x', 'FOO') end)
case('u-decode', function() return mw.uri.decode('a+b%2F%C3%A4') .. '|' .. mw.uri.decode('a+b%20c', 'PATH') .. '|' .. mw.uri.decode('a_b%3F', 'WIKI') end)
case('u-anchor', function() return mw.uri.anchorEncode('Some [[link|label]] & <b>bold</b>  text ä \'q\' [[Plain]] {{x}}') end)
case('u-parseq', function() local q = mw.uri.parseQueryString('?a=1&b=x+y&a=2&c&d=%26&&e='); return table.concat({ q.a[1], q.a[2], q.b, tostring(q.c), q.d, q.e, tostring(q['']) }, '|') end)
case('u-buildq', function() return mw.uri.buildQueryString(mw.uri.parseQueryString('z=1&a=2&m=3&a=4&flag')) .. ' ' .. mw.uri.buildQueryString({ a = { 'x y', 'z' } }) end)
case('u-new', function() local u = mw.uri.new('https://user:pw@example.org:8080/a/b?x=1&y=two#frag'); return table.concat({ u.protocol, u.user, u.password, u.host, u.port, u.path, u.query.y, u.fragment, u.userInfo, u.hostPort, u.authority, u.queryString, u.relativePath, tostring(u) }, ' ') end)
case('u-new2', function() local u = mw.uri.new('//example.org/p'); local m = mw.uri.new('mailto:ann@example.org'); return tostring(u.protocol) .. ' ' .. u.host .. ' ' .. tostring(u) .. ' ' .. m.protocol .. ' ' .. m.path .. ' ' .. tostring(mw.uri.new('/rel/path?q')) end)
case('u-default', function() return tostring(mw.uri.new()) end)
case('u-set', function() local u = mw.uri.new('http://example.org/p'); u.hostPort = 'other.org:81'; u:extend({ a = 'b c' }); local c = u:clone(); c.relativePath = '/q?z=9#top'; return tostring(u) .. ' ' .. tostring(c) .. ' ' .. c.port end)
case('u-ro', function() local u = mw.uri.new('http://example.org/'); u.parse = 1 end)
case('u-badport', function() return mw.uri.new('http://example.org:99999/') end)
case('u-validate', function() local ok, why = mw.uri.validate({ protocol = 'ht/tp', path = 5 }); return tostring(ok) .. ' ' .. why .. ' ' .. tostring((mw.uri.validate({ path = '' }))) end)
case('u-pages', function() return table.concat({ tostring(mw.uri.localUrl('Foo bar')), tostring(mw.uri.fullUrl('Foo bar', 'action=raw')), tostring(mw.uri.canonicalUrl('Foo bar', { a = 1 })), mw.uri.fullUrl('Media:X.png').path, tostring(mw.uri.localUrl('A[b]')), tostring(mw.uri.localUrl('Foo%20bar')) }, ' ') end)
case('u-pairs', function() local l = {}; for k in pairs(mw.uri.new('http://a.org/p?q=1')) do l[#l + 1] = k end; table.sort(l); return table.concat(l, ',') end)
case('m-plain', function() return mw.message.new('mainpage'):plain() .. '|' .. mw.message.new('blanknamespace'):plain() .. '|' .. tostring(mw.message.new('Mainpage')) end)
case('m-params', function() return mw.message.new('custom-greeting', 'Ann', 3):plain() .. ' / ' .. mw.message.new('custom-greeting'):params({ 'Bo', 1 }):plain() end)
case('m-special', function() return mw.message.newRawMessage('$1 / $2 / $3', mw.message.numParam(1234567.5), mw.message.rawParam('<b>'), 0.1 + 0.2):plain() .. ' ' .. mw.message.newRawMessage('$1$10 $2'):numParams(5):rawParams('r'):plain() end)
case('m-missing', function() return mw.message.new('no-such-message-here'):plain() .. ' ' .. mw.message.newFallbackSequence('no-such-message', 'empty-message', 'mainpage'):plain() .. ' ' .. mw.message.newFallbackSequence('no-such-1', 'no-such-2'):plain() end)
case('m-checks', function() local out = {}; for _, key in ipairs({ 'mainpage', 'empty-message', 'dash-message', 'no-such-message' }) do local m = mw.message.new(key); out[#out + 1] = tostring(m:exists()) .. tostring(m:isBlank()) .. tostring(m:isDisabled()) end; return table.concat(out, ' ') .. tostring(mw.message.newRawMessage(''):exists()) end)
case('m-nodb', function() return mw.message.new('mainpage'):useDatabase(false):plain() end)
case('m-lang', function() return mw.message.new('blanknamespace'):inLanguage('de'):plain() .. mw.message.new('mainpage'):inLanguage('de'):plain() end)
case('m-default', function() local l = mw.message.getDefaultLanguage(); return type(l) == 'table' and l:getCode() or l end)
case('m-err', function() return mw.message.new('mainpage', true) end)
case('m-dot', function() return mw.message.new('mainpage').plain() end)
local actions = {
  exists = function() return tostring(mw.title.new('Foo bar').exists) .. tostring(mw.title.new('Missing page').exists) .. tostring(mw.title.new('Media:Nope.png').exists) .. tostring(mw.title.getCurrentTitle().exists) end,
  isRedirect = function() return mw.title.new('Redirect target one').isRedirect end,
  contentModel = function() return mw.title.new('Model page').contentModel end,
  id = function() return mw.title.new('Id page').id end,
  content = function() return mw.title.new('Template:Box'):getContent() .. tostring(mw.title.new('Template:Nothing'):getContent()) end,
  redirect = function() return mw.title.new('Redirect here').redirectTarget.fullText end,
  file = function() return tostring(mw.title.new('File:Nope.png').file.exists) .. tostring(mw.title.new('Media:Nope2.png').fileExists) end,
  special = function() return mw.title.new('Special:Random').exists end,
  interwiki = function() return mw.title.new('wikipedia:Foo').exists end,
  made = function() local t = mw.title.new('Made only'); return t.prefixedText .. t:fullUrl() .. tostring(t.talkPageTitle) .. tostring(t.isLocal) end,
  pairs = function() local n = 0; for k in pairs(mw.title.new('Pairs page')) do n = n + 1 end; return n end,
  protection = function() return #mw.title.new('Prot page').protectionLevels.edit end,
  message = function() return mw.message.new('custom-greeting'):plain() end,
  byid = function() return tostring(mw.title.new(123456)) end,
  fragment = function() return mw.title.new('Frag page#Sec').exists end,
  talkexists = function() return mw.title.new('Foo bar').talkPageTitle.exists end,
  uri = function() return tostring(mw.uri.fullUrl('Uri page')) end,
}
return { cases = cases, actions = actions }
