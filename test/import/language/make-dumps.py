#!/usr/bin/env python3
# Writes the German (de) and Brazilian Portuguese (pt-br, falling back to pt) test dumps of accuracy-language.test.ts.
from xml.sax.saxutils import escape
import os

HERE = os.path.dirname(os.path.abspath(__file__))

NAMESPACES = {
    'de': [(-2, 'Medium'), (-1, 'Spezial'), (0, ''), (1, 'Diskussion'), (2, 'Benutzer'), (3, 'Benutzer Diskussion'),
           (4, 'Sprachwiki'), (5, 'Sprachwiki Diskussion'), (6, 'Datei'), (7, 'Datei Diskussion'), (8, 'MediaWiki'),
           (9, 'MediaWiki Diskussion'), (10, 'Vorlage'), (11, 'Vorlage Diskussion'), (12, 'Hilfe'), (13, 'Hilfe Diskussion'),
           (14, 'Kategorie'), (15, 'Kategorie Diskussion'), (828, 'Modul'), (829, 'Modul Diskussion')],
    'pt-br': [(-2, 'Mídia'), (-1, 'Especial'), (0, ''), (1, 'Discussão'), (2, 'Usuário'), (3, 'Usuário Discussão'),
              (4, 'Linguawiki'), (5, 'Linguawiki Discussão'), (6, 'Arquivo'), (7, 'Arquivo Discussão'), (8, 'MediaWiki'),
              (9, 'MediaWiki Discussão'), (10, 'Predefinição'), (11, 'Predefinição Discussão'), (12, 'Ajuda'), (13, 'Ajuda Discussão'),
              (14, 'Categoria'), (15, 'Categoria Discussão'), (828, 'Módulo'), (829, 'Módulo Discussão')],
}

PAGES = {
    'de': [
        (0, 'Hauptseite', 'Willkommen. [[Artikel]]'),
        (10, 'Vorlage:Echo', '{{{1}}}'),
        (10, 'Vorlage:Sortiert', '{{SORTIERUNG:Zett}}[[Kategorie:Aus Vorlage]]'),
        (828, 'Modul:Verweis', "local p = {}\nfunction p.link(frame) return '[[Aus Lua ' .. frame.args[1] .. ']] [[Kategorie:Lua-Kategorie]]' end\nreturn p"),
        (0, 'Sortierung', '{{SORTIERUNG:Bärenstark}}\n[[Kategorie:Tiere]] [[Kategorie:Stark|Eigen]]'),
        (0, 'Sortierung englisch', '{{DEFAULTSORT:Alpha}}[[Kategorie:Tiere]]'),
        (0, 'Sortierung keineersetzung', '{{SORTIERUNG:Erste}}{{SORTIERUNG:Zweite|keineersetzung}}[[Kategorie:Tiere]]'),
        (0, 'Sortierung aus Vorlage', '{{Sortiert}} [[Kategorie:Tiere]]'),
        (0, 'Sortierung klein', '{{sortierung:Kein Wort}}[[Kategorie:Tiere]]'),
        (0, 'Weiterleitung', '#WEITERLEITUNG [[Ziel der Weiterleitung]]'),
        (0, 'Weiterleitung klein', '#weiterleitung [[Anderes Ziel#Abschnitt]]'),
        (0, 'Weiterleitung englisch', '#REDIRECT [[Drittes Ziel]]'),
        (0, 'Schalter', '__KEIN_INHALTSVERZEICHNIS__ __kein_inhaltsverzeichnis__ __NEUER_ABSCHNITTSLINK__ __INHALTSVERZEICHNIS_ERZWINGEN__ Text [[Nach__NOTOC__Schalter]]'),
        (2, 'Benutzer:Indexfrei', '__NICHT_INDEXIEREN__ [[Artikel]]'),
        (2, 'Benutzer:Indexiert', '__INDEXIEREN__ __NOEDITSECTION__'),
        (14, 'Kategorie:Versteckt', '__VERSTECKTE_KATEGORIE__'),
        (14, 'Kategorie:Versteckt klein', '__versteckte_kategorie__'),
        (0, 'Seitenname', '[[{{SEITENNAME}}/Unterseite]] [[{{VOLLER_SEITENNAME}} 2]] [[Lk {{KLEIN:GROSS}}]] [[Ns {{NAMENSRAUM:Vorlage:X}}]] [[Nr {{NR:10}}]] [[Lc {{LC:ABC}}]]'),
        (0, 'Adressen', '[http://example.org/{{URLENKODIERT:a b|WIKI}} x] [http://example.org/q?{{URLENKODIERT:a b}} y] {{VOLLSTÄNDIGE_URL:Seitenname}} [{{LOKALE_URL:Seite|action=edit}} e]'),
        (0, 'Funktionen', '{{#wechsle:b|a=[[Fall A]]|#standard=[[Standardfall]]}} {{#switch:z|a=[[Fall A]]|#default=[[Englischer Standard]]}} {{#aufrufen:Verweis|link|Deutsch}} {{#invoke:Verweis|link|Englisch}} {{ERS:Echo|[[Ersetzt]]}} {{safesubst:Echo|[[Sicher]]}} {{#wenn:x|[[Wenn]]}} {{#if:x|[[If]]}}'),
        (0, 'Bilder', '[[Datei:Bild eins.jpg|mini|verweis=Bildziel|Beschriftung]] [[Datei:Bild zwei.jpg|hochkant=1.5|verweis=]] [[Bild:Bild drei.jpg|rechts|Verweis=Kein Ziel]] [[Datei:Bild vier.jpg|link=Englisches Ziel]] [[Datei:Bild fünf.jpg|verweis=http://example.org/bild]]'),
        (0, 'Galerie', '<gallery>\nDatei:Galeriebild.jpg|verweis=Galerieziel|Text\nDatei:Galeriebild zwei.jpg|link=Galerieziel englisch\n</gallery>'),
        (0, 'Namensraum-Aliase', '[[Benutzerin:Anna]] [[Benutzerin Diskussion:Anna]] [[Benutzer:Bert]] [[Bild Diskussion:X.jpg]] [[Image:Englisch.jpg|mini]] [[User:English]] [[Bild:Y.jpg]] [[:Bild:Z.jpg]]'),
        (0, 'Vorlagenaufruf', '{{Echo|[[Echo-Link]]}} {{Vorlage:Echo|[[Direkt]]}} {{SEITENNAME}} {{NAMENSRAUMNUMMER}}'),
    ],
    'pt-br': [
        (0, 'Página principal', 'Bem-vindo. [[Artigo]]'),
        (10, 'Predefinição:Eco', '{{{1}}}'),
        (828, 'Módulo:Ligação', "local p = {}\nfunction p.link(frame) return '[[De Lua ' .. frame.args[1] .. ']]' end\nreturn p"),
        (0, 'Ordenação', '{{ORDENACAOPADRAO:Zebra}}[[Categoria:Animais]]'),
        (0, 'Ordenação acentuada', '{{ORDENAÇÃOPADRÃO:Ábaco}}[[Categoria:Animais]]'),
        (0, 'Redirecionamento', '#REDIRECIONAMENTO [[Destino]]'),
        (0, 'Redirecionamento inglês', '#redirect [[Outro destino]]'),
        (0, 'Chaves', '__SEMTDC__ __SEMSUMÁRIO__ Texto'),
        (14, 'Categoria:Oculta', '__CATEGORIAOCULTA__'),
        (2, 'Usuário:Sem índice', '__NAOINDEXAR__'),
        (0, 'Funções', '{{#se:x|[[Se sim]]|[[Se não]]}} {{#seigual:a|a|[[Igual]]}} {{#switch:q|a=[[A]]|#padrão=[[Padrão]]}} {{#switch:q|a=[[A]]|#padrao=[[Padrao]]}} {{#seexiste:Artigo|[[Existe]]|[[Não existe]]}} {{#invocar:Ligação|link|Pt}} {{#invoke:Ligação|link|En}} {{#if:x|[[If inglês]]}}'),
        (0, 'Nome', '[[{{NOMEDAPÁGINA}}/Sub]] [[{{MINÚSCULA:ABC}}]] [[X {{DOMÍNIO:Ajuda:Y}}]]'),
        (0, 'Imagens', '[[Arquivo:Um.jpg|miniatura|ligação=Alvo da imagem]] [[Ficheiro:Dois.jpg|ligação=Alvo dois]] [[Imagem:Três.jpg|link=Alvo três]]'),
        (0, 'Aliases', '[[Usuária:Ana]] [[Usuário:Beto]] [[Usuária Discussão:Ana]] [[Utilizador:Carlos]] [[Utilizadora:Dora]] [[Ficheiro:Quatro.jpg]] [[Imagem Discussão:Cinco.jpg]]'),
    ],
}


def dump(lang: str) -> str:
    out = [f'<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="{lang}">',
           '  <siteinfo>', f'    <sitename>{"Sprachwiki" if lang == "de" else "Linguawiki"}</sitename>',
           f'    <dbname>{lang.replace("-", "")}testwiki</dbname>', f'    <base>http://{lang}.example.org/wiki/Hauptseite</base>',
           '    <generator>MediaWiki 1.39.17</generator>', '    <case>first-letter</case>', '    <namespaces>']
    for key, name in NAMESPACES[lang]:
        out.append(f'      <namespace key="{key}" case="first-letter">{escape(name)}</namespace>' if name else f'      <namespace key="{key}" case="first-letter" />')
    out += ['    </namespaces>', '  </siteinfo>']
    for i, (ns, title, text) in enumerate(PAGES[lang], start=1):
        model = 'Scribunto' if ns == 828 else 'wikitext'
        fmt = 'text/plain' if ns == 828 else 'text/x-wiki'
        out += ['  <page>', f'    <title>{escape(title)}</title>', f'    <ns>{ns}</ns>', f'    <id>{i}</id>', '    <revision>',
                f'      <id>{i * 10}</id>', f'      <timestamp>2021-03-0{1 + i % 9}T12:00:00Z</timestamp>',
                '      <contributor><username>Tester</username><id>1</id></contributor>',
                f'      <model>{model}</model>', f'      <format>{fmt}</format>',
                f'      <text bytes="{len(text.encode())}" xml:space="preserve">{escape(text)}</text>', '    </revision>', '  </page>']
    out.append('</mediawiki>')
    return '\n'.join(out) + '\n'


for lang in NAMESPACES:
    with open(os.path.join(HERE, f'{lang}.xml'), 'w', encoding='utf-8') as f:
        f.write(dump(lang))
