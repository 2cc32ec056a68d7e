# Writes edge-cases.xml: a small dump of wikitext constructs whose links MediaWiki and our importer must agree on.
import html, hashlib
pages = {}
def P(title, text, ns=None): pages[title] = text

# ---- templates
P("Template:Echo", "{{{1}}}")
P("Template:Link", "[[{{{1}}}|{{{2|{{{1}}}}}}]]")
P("Template:Cat", "<includeonly>[[Category:{{{1|Templated}}}]]</includeonly><noinclude>[[Category:Template docs]]</noinclude>")
P("Template:Unused arg", "Nothing here")
P("Template:Uses two", "{{{2|default [[Default link]]}}} and {{{named|[[Named default]]}}}")
P("Template:Only", "ignored<onlyinclude>[[Only included]]</onlyinclude>ignored [[Not included]]")
P("Template:Redirected", "#REDIRECT [[Template:Echo]]")
P("Template:Loop", "{{Loop}}[[Loop link]]")
P("Template:Switch", "{{#switch:{{{1}}}|a|b=[[Switch AB]]|c=[[Switch C]]|#default=[[Switch default]]}}")
P("Template:Ifeq", "{{#ifeq:{{{1}}}|01|[[Ifeq numeric]]|[[Ifeq other]]}}")
P("Template:Pagename", "[[Talk:{{PAGENAME}}]] [[{{FULLPAGENAME}}/sub]] {{#if:{{NAMESPACE}}|[[In namespace {{NAMESPACE}}]]|[[In main]]}}")
P("Template:Infobox", """{| class="infobox"
! {{{title|{{PAGENAME}}}}}
|-
| {{#if:{{{image|}}}|[[File:{{{image}}}|200px]]}}
|-
| {{#if:{{{website|}}}|[{{{website}}} Website]}}
|}{{#if:{{{category|}}}|[[Category:{{{category}}}]]}}""")
P("Template:Nested", "{{Echo|{{Echo|[[Nested deep]]}}}}")
P("Template:Trim", "[[{{{1}}}]]|[[{{{name}}}]]")
P("Template:Defaultsort", "{{DEFAULTSORT:{{{1}}}}}")
P("Template:Lower", "lowercase template")
P("Template:Exists", "{{#ifexist:{{{1}}}|[[Exists yes]]|[[Exists no]]}}")
P("Template:Expr", "[[Expr {{#expr:{{{1}}}*2}}]] {{#ifexpr:{{{1}}} > 5|[[Big]]|[[Small]]}}")
P("Template:Ref", "<ref>{{{1}}}</ref>")
P("Template:Titleparts", "[[{{#titleparts:{{{1}}}|1}}]] [[{{#titleparts:{{{1}}}|-1}}]]")
P("Template:Doc", "<noinclude>[[Category:Docs]]</noinclude>{{#if:{{{1|}}}|[[Doc {{{1}}}]]}}")
P("Template:Safesubst", "{{{{{|safesubst:}}}Echo|[[Safesubst link]]}}")
P("Template:Tag", "{{#tag:ref|[[Tag ref link]] http://tag.example.org/}}")
P("Template:Url", "{{fullurl:{{{1}}}|action=history}} [{{fullurl:Help:Contents}} help] [{{canonicalurl:Foo bar}} canon] {{localurl:Foo}} [http://example.com/{{urlencode:{{{1}}}}} enc] [http://example.com/{{urlencode:{{{1}}}|PATH}} path] [http://example.com/{{anchorencode:{{{1}}}}} anchor]")
P("Template:Navbox", """{{#if:{{{list1|}}}|<div>[[{{{group1|}}}]] {{{list1}}}</div>}}{{#if:{{{list2|}}}|<div>{{{list2}}}</div>}}<noinclude>[[Category:Navboxes]]</noinclude>""")
P("Template:Iferror", "{{#iferror:{{#expr:1/0}}|[[Iferror yes]]|[[Iferror no]]}} {{#iferror:{{#expr:1+1}}|[[Iferror2 yes]]|[[Iferror2 no]]}}")
P("Template:Padleft", "[[Pad {{padleft:7|3|0}}]] [[Lc {{lc:ABC}}]] [[Uc {{uc:abc}}]] [[Ucfirst {{ucfirst:abc}}]] [[Lcfirst {{lcfirst:ABC}}]]")
P("Template:Rel2abs", "[[{{#rel2abs:../Sibling|Parent/Child}}]] [[{{#rel2abs:/Sub}}]]")
P("Template:Gallery", "<gallery>\nFile:Gallery one.png|Caption with [[Gallery caption link]]\nGallery two.jpg|link=Gallery link target\n</gallery>")

# ---- articles
P("Main Page", "Welcome. [[Links]] [[Templates]] [[Categories]]")
P("Links", """[[Foo]] [[foo bar]] [[ Spaced  title ]] [[Foo#Section]] [[#Local anchor]] [[Foo|label]] [[Help:Pipe trick (x)|]] [[Pipe, trick|]]
[[Caf&eacute;]] [[Caf%C3%A9 encoded]] [[A+B]] [[Trail]]ing [[/Subpage in main]] [[Special:RecentChanges]] [[Special:Search/foo]]
[[:Category:Linked category]] [[:File:Linked file.png]] [[Media:Media file.ogg]] [[Image:Old alias.png|thumb|Caption [[Caption link]] and [[Category:Caption category]]]]
[[File:Linked.png|link=Link target page]] [[File:Linked2.png|link=http://link.example.org/x]] [[File:Linked3.png|link=]]
[[de:Fremd]] [[de:Zweiter]] [[:fr:Pas une langue]] [[wikipedia:Interwiki target]] [[Wikipedia:Project page]]
<nowiki>[[Not a link]]</nowiki> <!-- [[Commented]] --> <pre>[[Pre link]]</pre> <code>[[Code link]]</code>
<includeonly>[[Includeonly on page]]</includeonly><noinclude>[[Noinclude on page]]</noinclude>
[[Talk:Foo]] [[User:Someone/Sub]] [[Template:Bar]] [[Project:Meta page]] [[Help talk:X]]
[[foo|''Italic'']] [[Link with "quote"]] [[Link<br>broken]] [[Link{{!}}Piped via template]]
[[w:Wikipedia prefix]] [[Lower case namespace]] [[category:lowercase cat]] [[CATEGORY:Upper cat]]
[[File:Nonexistent file.png]] [[File:Nonexistent file.png|thumb|again]] [[Category:Links| space key]] [[Category:Links2|Custom key]]
[[ :Leading colon space]] [[::Double colon]] [[Foo_with_underscores]] [[FOO]] [[Ünïcode]] [[ß]] [[ǆ digraph]] [[ﬁ ligature]]
""")
P("Templates", """{{Echo|[[Echo arg]]}} {{echo|[[Echo lower]]}} {{ Echo |[[Echo spaced]]}} {{Template:Echo|[[Echo prefixed]]}}
{{Link|Linked by template}} {{Link|Linked 2|label}} {{Cat}} {{Cat|Second templated}}
{{Unused arg|{{Echo|[[Unused but expanded]]}}}} {{Uses two|x}} {{Uses two|x|[[Given second]]|named=[[Given named]]}}
{{Only}} {{Redirected|[[Via redirect]]}} {{Loop}} {{Switch|a}} {{Switch|c}} {{Switch|z}} {{Switch}}
{{Ifeq|1}} {{Ifeq|x}} {{Pagename}} {{Nested}} {{Trim| Trimmed positional | name = Trimmed named }}
{{Missing template}} {{Missing template|[[Arg of missing]]}} {{lower}} {{:Main Page}} {{:Nonexistent page}}
{{Exists|Foo}} {{Exists|Main Page}} {{Expr|3}} {{Expr|7}} {{Titleparts|A/B/C}} {{Doc|x}}
{{subst:Echo|[[Subst link]]}} {{Safesubst}} {{Tag}} {{Url|Some page}} {{Iferror}} {{Padleft}} {{Rel2abs}}
{{Navbox|group1=Group page|list1=[[List one]] [[List two]]|list2=[[List three]]}} {{Gallery}}
{{Echo|1=[[Named one]]}} {{Echo|[[First]]|1=[[Overridden]]}} {{Echo|1=a|1=[[Duplicate arg]]}}
{{msgnw:Echo}} {{raw:Echo|[[Raw arg]]}} {{Template:Nonexistent/sub}} {{Echo|{{{1|[[Page param default]]}}}}}
{{#invoke:Nothing|main}} {{DISPLAYTITLE:''Templates''}} {{Infobox|image=Infobox image.jpg|website=http://infobox.example.org|category=Infobox category}}
{{Infobox}} {{int:Mainpage}} {{ns:Template}} {{#language:de}} {{#special:Search}} {{PAGESIZE:Main Page}} {{#time:Y|2020-01-01}}
[[Date {{#time:Y-m|2020-05-06}}]] [[{{#ifeq: 1.0 | 1 | Ifeq float equal | Ifeq float different}}]] [[{{#switch: 2.0 | 2 = Switch float | #default = Switch nofloat}}]]
[[{{#if: | yes | Empty if }}]] [[{{#if:   | yes | Space if }}]] [[{{#if:<!-- c --> | Comment if yes | Comment if no }}]]
{{#tag:gallery|File:Tag gallery.png}} {{#tag:nowiki|[[Tag nowiki]]}}
""")
P("Categories", """Text [[Category:Zeta]] [[Category:Alpha|Sort me]] {{DEFAULTSORT:Default key}} [[Category:Beta]]
[[Category:Gamma|{{PAGENAME}}]] [[Category:Delta|]] [[Category:Epsilon|&amp;Amp]] [[Category:Eta|Line
break]] [[Category:Theta_underscore]] [[Category:Theta underscore|dup]] __NOTOC__ __NOINDEX__ __NOEDITSECTION__ __DISAMBIG__ __FOO__ __notoc__ __hiddencat__
""")
P("Defaultsort twice", "{{DEFAULTSORT:First}}{{DEFAULTSORT:Second}}[[Category:Twice]] {{Defaultsort|Third}}")
P("Defaultsort noreplace", "{{DEFAULTSORT:Kept}}{{DEFAULTSORT:Ignored|noreplace}}[[Category:Noreplace]]")
P("External links", """[http://example.org Label] [http://example.org/path?q=1&amp;r=2 query] [https://EXAMPLE.org/Upper Upper]
http://free.example.org/path. http://free.example.org/paren_(x) (http://free.example.org/in_paren) http://free.example.org/comma, http://free.example.org/semi;
[//protorel.example.org/x proto] mailto:someone@example.org [mailto:other@example.org mail] news:comp.lang [news:alt.test news]
http://example.org/a''b'' [http://example.org/under_score] http://例え.テスト/idn http://xn--r8jz45g.xn--zckzah/punycode
[http://example.org/%7Etilde tilde] [http://example.org/%41%42 encoded] [http://user:pw@host.example.org:8080/p port]
<ref>http://ref.example.org/ in ref</ref> <ref name="a">[http://named.example.org named]</ref> <ref name="a"/>
{{fullurl:External links}} [{{fullurl:Foo|action=edit}} edit] http://127.0.0.1:9999/x [http://edge.example.org/wiki/Self self] [https://edge.example.org/w/x.php https self]
[http://[2001:db8::1]/v6 v6] http://192.0.2.1/v4 ftp://ftp.example.org/file irc://irc.example.org/chan git://git.example.org/r.git
HTTP://UPPER.EXAMPLE.ORG/X [http://example.org/<b>bold</b> tag] http://example.org/&lt;lt&gt; http://example.org/"quote"
[http://example.org/#frag fragment] [http://example.org:80/ port80] http://example.org/trailing? http://example.org/trailing!
<references/>
""")
P("Redirect plain", "#REDIRECT [[Foo]]")
P("Redirect fragment", "#REDIRECT [[Foo#Bar baz]]")
P("Redirect lower", "#redirect[[foo bar]]")
P("Redirect category", "#REDIRECT [[:Category:Alpha]] [[Category:Redirect cats]]")
P("Redirect interwiki", "#REDIRECT [[wikipedia:Elsewhere]]")
P("Redirect colon", "#REDIRECT: [[Foo]]")
P("Redirect file", "#REDIRECT [[File:Target.png]]")
P("Redirect with text", "#REDIRECT [[Foo]]\nmore text [[Extra link]] {{Echo|[[Extra template link]]}}")
P("Talk:Links", "[[de:Talk langlink]] [[Category:Talk cats]] [[Foo]]")
P("Category:Alpha", "__HIDDENCAT__ [[Category:Parent cat]] {{Cat|Category templated}}")
P("Category:Beta", "Category page")
P("File:Target.png", "A file page [[Category:Files]]")
P("Help:Sub", "[[/Child]] [[../Sibling]] [[Help:Sub/Child2]]")
P("Help:Sub/Child", "[[../Sibling]] [[/Grandchild]] [[../]] {{BASEPAGENAME}} [[{{BASEPAGENAME}} base]] [[{{SUBPAGENAME}} subname]] [[{{ROOTPAGENAME}} root]] [[{{TALKPAGENAME}}]]")
P("User:Someone/common.js", "// [[Category:Js cats]] [[Js link]] http://js.example.org/ {{Echo|[[Js template]]}}")
P("User:Someone/common.css", "/* [[Css link]] [[de:Css langlink]] */")
P("MediaWiki:Common.js", "/* [[en:Wikipedia:Something]] */")
P("Poem and tags", """<poem>[[Poem link]]
[[Category:Poem cat]]</poem> <math>[[Math link]]</math> <syntaxhighlight lang="x">[[Syntax link]]</syntaxhighlight>
<source>[[Source link]]</source> <score>[[Score link]]</score> <div>[[Div link]]</div> <span title="[[Attr link]]">x</span>
<imagemap>File:Imagemap.png|thumb
rect 0 0 10 10 [[Imagemap target]]
default [[Imagemap default]]
</imagemap> <indicator name="x">[[Indicator link]]</indicator> <templatedata>{"params":{}}</templatedata>
<ref>[[Ref link]] {{Echo|[[Ref template]]}}</ref>
{{#tag:ref|[[Tag ref 2]]|name=t}} <references>
<ref name="t2">[[Refs body link]]</ref>
</references>
""")
P("Magic words", """[[{{PAGENAME}} self]] [[{{PAGENAMEE}} e]] [[{{FULLPAGENAME}}]] [[{{NAMESPACE}}x]] [[{{SITENAME}} site]]
[[{{ucfirst:{{lc:LOWER THEN UP}}}}]] [[{{#titleparts:Talk:A/B/C|2|2}}]] [[{{urlencode:a b&c}}]] [[{{anchorencode:a b}}]]
[[{{formatnum:1234567}}]] [[{{plural:2|one|two}}]] [[{{#expr:2^10}}]] [[{{#expr:round 2.5}}]] [[{{#expr: 10 mod 3}}]] [[{{#expr: 7/2}}]]
[[{{padright:ab|5|x}}]] [[{{#ifexist:Special:RecentChanges|Special exists|Special not}}]] [[{{#ifexist:Media:Target.png|Media exists|Media not}}]]
[[{{#ifexist:File:Target.png|File page exists|File page not}}]] [[{{lc:É}}]] [[{{uc:ß}}]] [[{{ns:4}} ns4]] [[{{NUMBEROFPAGES}} pages]]
[[{{#if:{{{1|}}}|Param set|Param unset}}]] [[{{!}}]] [[{{=}}]] [[x{{!}}y]]
""")
P("Tables and lists", """{| class="wikitable"
|-
! [[Header link]] !! [[Header 2]]
|-
| [[Cell link|cell]] || {{Echo|[[Cell template]]}}
|-
| style="color:red" | [[Styled cell]]
|}
* [[List item]]
# [[Numbered]]
; [[Term]] : [[Definition]]
 [[Preformatted by space]]
== [[Heading link]] ==
----
""")
P("Entities", "[[&#65;mp]] [[&Auml;rger]] [[Amp&amp;ersand]] [[Tab&#9;tab]] [[Nbsp&nbsp;space]] [[Lt &lt; sign]] http://example.org/&amp;amp [[Category:&#66;eta]]")
P("Long sortkey", "[[Category:Long|" + "Ā" * 200 + "]]")
P("Lua user", "{{#invoke:Foo|bar|[[Invoke arg link]]}} [[After invoke]]")
# Cite's errors: the ref's text is dropped with its links (one page each: the error category is per page).
for i, text in enumerate([
    '<ref foo="x">[[Cite dropped 1]] {{Cite missing 1}} [[Category:Cite dropped]] http://cite-dropped.example.org/</ref> [[Cite kept 1]]',
    '<ref name="n" extends="x">[[Cite dropped 2]]</ref>',
    '<ref follow="x" name="y">[[Cite dropped 3]]</ref>',
    '<ref dir="up">[[Cite dropped 4]]</ref><ref dir="RTL">[[Cite kept 4]]</ref>',
    '<ref>[[Cite dropped 5]]<ref>[[Cite dropped 5b]]</ref></ref>',
    '<ref name="a">[[Cite kept 6]]</ref><references><ref name="a" group="g">[[Cite dropped 6]]</ref></references>',
    '<ref name="a">[[Cite kept 7]]</ref><references foo="x"/>',
    '<ref group="g">[[Cite dropped 8]] {{Cite missing 8}}</ref>',
    '<ref name="a">[[Cite kept 9]]</ref><ref name="a">[[Cite dropped 9]]</ref>',
    '<ref name="-3">[[Cite kept 10]]</ref>',
    '<ref name="3">[[Cite dropped 11]]</ref>',
    '<ref name="a"/>{{#tag:references|<ref name="a">[[Cite kept 12]]</ref>}}{{#tag:ref|[[Cite dropped 12]]|Name=x}}',
], start=1):
    P(f"Cite error {i}", text)

def esc(s): return html.escape(s, quote=False)
NS = {"Template":10,"Talk":1,"Category":14,"File":6,"Help":12,"User":2,"MediaWiki":8}
out = ['<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">',
'  <siteinfo>\n    <sitename>Edge Wiki</sitename>\n    <dbname>edgewiki</dbname>\n    <base>http://edge.example.org/wiki/Main_Page</base>\n    <generator>MediaWiki 1.39.17</generator>\n    <case>first-letter</case>\n    <namespaces>']
for k,n in [(-2,"Media"),(-1,"Special"),(0,""),(1,"Talk"),(2,"User"),(3,"User talk"),(4,"Edge Wiki"),(5,"Edge Wiki talk"),(6,"File"),(7,"File talk"),(8,"MediaWiki"),(9,"MediaWiki talk"),(10,"Template"),(11,"Template talk"),(12,"Help"),(13,"Help talk"),(14,"Category"),(15,"Category talk")]:
    out.append(f'      <namespace key="{k}" case="first-letter">{n}</namespace>' if n else f'      <namespace key="{k}" case="first-letter" />')
out.append('    </namespaces>\n  </siteinfo>')
pid = 1
for title, text in pages.items():
    ns = NS.get(title.split(":")[0], 0) if ":" in title else 0
    model = "wikitext"
    if title.endswith(".js"): model = "javascript"
    if title.endswith(".css"): model = "css"
    fmt = {"wikitext":"text/x-wiki","javascript":"text/javascript","css":"text/css"}[model]
    b = text.encode()
    sha = hashlib.sha1(b).hexdigest(); sha36 = ''
    n = int(sha, 16)
    digits = '0123456789abcdefghijklmnopqrstuvwxyz'
    while n: sha36 = digits[n % 36] + sha36; n //= 36
    sha36 = sha36.rjust(31, '0')
    redirect = ''
    out.append(f'  <page>\n    <title>{esc(title)}</title>\n    <ns>{ns}</ns>\n    <id>{pid}</id>')
    out.append(f'    <revision>\n      <id>{pid}</id>\n      <timestamp>2024-01-01T00:00:{pid%60:02d}Z</timestamp>\n      <contributor>\n        <username>Editor</username>\n        <id>2</id>\n      </contributor>\n      <model>{model}</model>\n      <format>{fmt}</format>\n      <text bytes="{len(b)}" xml:space="preserve">{esc(text)}</text>\n      <sha1>{sha36}</sha1>\n    </revision>\n  </page>')
    pid += 1
out.append('</mediawiki>\n')
open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'edge-cases.xml'), 'w').write('\n'.join(out))
print(pid-1, "pages")
