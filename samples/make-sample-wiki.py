# Writes samples/sample-wiki.xml, the Tea Wiki that `npm start` imports on first start (text written for wikiquery).
import html
pages = []
def page(pid, title, ns, revs):
    pages.append((pid, title, ns, revs))
rev_id = [100]
def rev(ts, user, text, comment='', minor=False, ip=None):
    rev_id[0] += 1
    return dict(id=rev_id[0], ts=ts, user=user, text=text, comment=comment, minor=minor, ip=ip)

page(1, 'Main Page', 0, [
 rev('2024-03-01T09:00:00Z', 'Ada', "Welcome to the '''Tea Wiki''', a small sample wiki that ships with wikiquery.\n", 'Create the main page'),
 rev('2024-03-02T10:15:00Z', 'Ada', """Welcome to the '''Tea Wiki''', a small sample wiki that ships with [[wikiquery]].

== Start here ==
* [[Tea]], the drink, and the plant it comes from: ''[[Camellia sinensis]]''
* Kinds of tea: [[Green tea]], [[Black tea]], [[Oolong]], [[Matcha]]
* [[Help:Contents|How this wiki was made]]

Browse the [[:Category:Teas|teas]] or all [[:Category:Beverages|beverages]].

[[Category:Tea Wiki]]
""", 'Links to the articles'),
])
page(2, 'Tea', 0, [
 rev('2024-03-01T09:30:00Z', 'Ada', "'''Tea''' is a drink made by pouring hot water over the leaves of [[Camellia sinensis]].\n[[Category:Beverages]]", 'New article'),
 rev('2024-03-03T14:02:00Z', 'Basho', """{{Infobox tea|name=Tea|origin=China|caffeine=yes}}
'''Tea''' is a drink made by pouring hot water over the cured leaves of ''[[Camellia sinensis]]''.
After water, it is among the most widely consumed drinks in the world.

== Kinds ==
How the leaves are processed decides the kind of tea:
* [[Green tea]]: heated soon after picking, so the leaves do not oxidise.
* [[Oolong]]: partly oxidised.
* [[Black tea]]: fully oxidised.

== See also ==
* [[Herbal tea]], which is not made from the tea plant at all.
* [https://en.wikipedia.org/wiki/Tea Tea on Wikipedia]

[[de:Tee]]
[[fr:Thé]]
[[Category:Beverages]]
[[Category:Teas|*]]
""", 'Expand: kinds of tea, see also'),
])
page(3, 'Green tea', 0, [
 rev('2024-03-03T15:20:00Z', 'Basho', """{{Infobox tea|name=Green tea|origin=China|oxidation=none}}
'''Green tea''' is [[tea]] whose leaves are heated (steamed or pan-fired) soon after picking, which stops them from oxidising.

== Matcha ==
'''Matcha''' is green tea ground into a fine powder and whisked into water, rather than steeped.

{{Stub}}
[[Category:Teas]]
""", 'New article'),
 rev('2024-03-05T08:45:00Z', None, """{{Infobox tea|name=Green tea|origin=China|oxidation=none}}
'''Green tea''' is [[tea]] whose leaves are heated (steamed or pan-fired) soon after picking, which stops them from oxidising. It is common in [[China]] and [[Japan]].

== Matcha ==
'''Matcha''' is green tea ground into a fine powder and whisked into water, rather than steeped.

{{Stub}}
[[Category:Teas]]
""", 'Where it is drunk', minor=True, ip='203.0.113.42'),
])
page(4, 'Black tea', 0, [
 rev('2024-03-04T11:00:00Z', 'Ada', """{{Infobox tea|name=Black tea|origin=China|oxidation=full}}
'''Black tea''' is [[tea]] whose leaves are fully oxidised before drying. It keeps its flavour for years,
which made it the tea that travelled along the old trade routes.

{{DEFAULTSORT:Tea, black}}
[[Category:Teas]]
""", 'New article'),
])
page(5, 'Oolong', 0, [
 rev('2024-03-04T12:30:00Z', 'Basho', """{{Infobox tea|name=Oolong|origin=Fujian|oxidation=partial}}
'''Oolong''' is a partly oxidised [[tea]], between [[green tea]] and [[black tea]].
{{Stub}}
[[Category:Teas]]
""", 'New article'),
])
page(6, 'Matcha', 0, [
 rev('2024-03-05T09:00:00Z', 'Ada', "#REDIRECT [[Green tea#Matcha]]\n[[Category:Redirects]]", 'Redirect to the section'),
])
page(7, 'Camellia sinensis', 0, [
 rev('2024-03-03T16:00:00Z', 'Basho', """'''''Camellia sinensis''''' is the evergreen shrub whose leaves and buds make [[tea]].
Every kind of tea — [[Green tea|green]], [[Oolong|oolong]], [[Black tea|black]] — comes from this one plant.
[[Category:Plants]]
""", 'New article'),
])
page(8, 'Wikiquery', 0, [
 rev('2024-03-01T09:10:00Z', 'Ada', """'''wikiquery''' serves the query part of the MediaWiki Action API (<code>api.php</code>) from a MediaWiki database.

This wiki was made from the XML file <code>samples/sample-wiki.xml</code> with <code>wikiquery import</code>.
Try <code>api.php?action=query&list=categorymembers&cmtitle=Category:Teas</code>.

[[Category:Tea Wiki]]
""", 'About the software'),
])
page(9, 'Help:Contents', 12, [
 rev('2024-03-02T10:00:00Z', 'Ada', """This sample wiki has a dozen pages with links, [[Special:Categories|categories]], templates and a redirect.

* Articles link to each other, to pages that do not exist yet (such as [[Herbal tea]]), and to other wikis.
* [[Template:Infobox tea]] draws the box on each tea article; [[Template:Stub]] marks short ones.
* [[Matcha]] is a redirect to a section of [[Green tea]].

[[Category:Tea Wiki]]
""", 'Explain the sample'),
])
page(10, 'Template:Infobox tea', 10, [
 rev('2024-03-03T13:50:00Z', 'Basho', """<includeonly>{| class="infobox"
! colspan="2" | {{{name|{{PAGENAME}}}}}
|-
| Origin || {{{origin|unknown}}}
{{#if:{{{oxidation|}}}|
{{!}}-
{{!}} Oxidation {{!}}{{!}} {{{oxidation}}}
}}
|}</includeonly><noinclude>
Draws the box at the top of a tea article. Parameters: <code>name</code>, <code>origin</code>, <code>oxidation</code>.
[[Category:Templates]]
</noinclude>""", 'New template'),
])
page(11, 'Template:Stub', 10, [
 rev('2024-03-03T15:00:00Z', 'Basho', "<div class=\"stub\">''This article is short. You can help by expanding it.''</div><includeonly>[[Category:Stubs]]</includeonly><noinclude>[[Category:Templates]]</noinclude>", 'New template'),
])
page(12, 'Category:Teas', 14, [
 rev('2024-03-03T14:10:00Z', 'Basho', "Kinds of [[tea]].\n[[Category:Beverages]]", 'New category'),
])
page(13, 'Category:Beverages', 14, [
 rev('2024-03-03T14:11:00Z', 'Basho', "Things to drink.", 'New category'),
])
page(14, 'Category:Stubs', 14, [
 rev('2024-03-03T15:01:00Z', 'Basho', "Short articles waiting for more text.\n__HIDDENCAT__", 'Hidden maintenance category'),
])
page(15, 'User:Ada', 2, [
 rev('2024-03-01T09:05:00Z', 'Ada', "I started the [[Main Page|Tea Wiki]]. My favourite is [[Oolong]].", 'Hello'),
])

out = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="en">',
'''  <siteinfo>
    <sitename>Tea Wiki</sitename>
    <dbname>teawiki</dbname>
    <base>http://127.0.0.1:8080/wiki/index.php/Main_Page</base>
    <generator>wikiquery sample</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="-2" case="first-letter">Media</namespace>
      <namespace key="-1" case="first-letter">Special</namespace>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
      <namespace key="2" case="first-letter">User</namespace>
      <namespace key="3" case="first-letter">User talk</namespace>
      <namespace key="4" case="first-letter">Tea Wiki</namespace>
      <namespace key="5" case="first-letter">Tea Wiki talk</namespace>
      <namespace key="6" case="first-letter">File</namespace>
      <namespace key="7" case="first-letter">File talk</namespace>
      <namespace key="8" case="first-letter">MediaWiki</namespace>
      <namespace key="9" case="first-letter">MediaWiki talk</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
      <namespace key="11" case="first-letter">Template talk</namespace>
      <namespace key="12" case="first-letter">Help</namespace>
      <namespace key="13" case="first-letter">Help talk</namespace>
      <namespace key="14" case="first-letter">Category</namespace>
      <namespace key="15" case="first-letter">Category talk</namespace>
    </namespaces>
  </siteinfo>''']
import hashlib
def b36(s):
    n=int(hashlib.sha1(s.encode()).hexdigest(),16)
    d='0123456789abcdefghijklmnopqrstuvwxyz'; r=''
    while n: r=d[n%36]+r; n//=36
    return r.rjust(31,'0')
users={'Ada':1,'Basho':2}
for pid,title,ns,revs in pages:
    out.append('  <page>')
    out.append(f'    <title>{html.escape(title, quote=False)}</title>')
    out.append(f'    <ns>{ns}</ns>')
    out.append(f'    <id>{pid}</id>')
    if revs[-1]['text'].startswith('#REDIRECT'):
        out.append('    <redirect title="Green tea" />')
    parent=None
    for r in revs:
        out.append('    <revision>')
        out.append(f'      <id>{r["id"]}</id>')
        if parent: out.append(f'      <parentid>{parent}</parentid>')
        out.append(f'      <timestamp>{r["ts"]}</timestamp>')
        out.append('      <contributor>')
        if r['ip']: out.append(f'        <ip>{r["ip"]}</ip>')
        else:
            out.append(f'        <username>{r["user"]}</username>')
            out.append(f'        <id>{users[r["user"]]}</id>')
        out.append('      </contributor>')
        if r['minor']: out.append('      <minor/>')
        if r['comment']: out.append(f'      <comment>{html.escape(r["comment"], quote=False)}</comment>')
        out.append(f'      <origin>{r["id"]}</origin>')
        out.append('      <model>wikitext</model>')
        out.append('      <format>text/x-wiki</format>')
        t=r['text']; s=b36(t)
        out.append(f'      <text bytes="{len(t.encode())}" sha1="{s}" xml:space="preserve">{html.escape(t, quote=True)}</text>')
        out.append(f'      <sha1>{s}</sha1>')
        out.append('    </revision>')
        parent=r['id']
    out.append('  </page>')
out.append('</mediawiki>')
open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'sample-wiki.xml'),'w').write('\n'.join(out)+'\n')
