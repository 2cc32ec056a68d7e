"""mwclient (Debian's python3-mwclient, 0.10) against a running wikiquery: logs in and does the
everyday calls, each step on its own, and prints one JSON object with every step's outcome for
test/e2e/python-clients.test.ts to check.

usage: python3 mwclient_session.py HOST PORT SCRIPT_PATH   (SCRIPT_PATH like /wiki/)
"""
import sys

from mwclient_steps import new_site, report, run

BOT_NAME = 'FixtureBot@importer'
BOT_PASSWORD = 'importerbotpassword0123456789abc'


def main():
    host, port, path = sys.argv[1], sys.argv[2], sys.argv[3]
    address = '{}:{}'.format(host, port)
    steps = {}
    sites = {}

    def connect():
        sites['bot'] = new_site(address, path)
        site = sites['bot']
        return {'version': list(site.version), 'writeapi': site.writeapi, 'username': site.username}

    run(steps, 'connect', connect)
    if 'bot' not in sites:
        report(steps)
        return
    site = sites['bot']

    def bot_login():
        site.login(BOT_NAME, BOT_PASSWORD)
        return {'username': site.username, 'logged_in': site.logged_in, 'groups': site.groups,
                'rights': site.rights}

    run(steps, 'bot_login', bot_login)

    def userinfo():
        return site.api('query', meta='userinfo', uiprop='groups')['query']['userinfo']

    run(steps, 'userinfo', userinfo)

    def page_text():
        page = site.pages['Mars']
        return {'exists': page.exists, 'text': page.text(), 'protection': page.protection}

    run(steps, 'page_text', page_text)
    run(steps, 'missing_page_text', lambda: {'exists': site.pages['No such page e2e'].exists,
                                             'text': site.pages['No such page e2e'].text()})
    # Page generators (the default, generator=True) ask prop=info|imageinfo for every page.
    run(steps, 'allpages', lambda: [page.name for page in site.allpages(limit=7)])
    # generator=False lists titles (list=allpages alone); limit is per request, so 7 continues.
    run(steps, 'allpages_list', lambda: list(site.allpages(limit=7, generator=False)))
    # list=search: titles by default; text with limit 3 a request, continued by sroffset.
    run(steps, 'search_titles', lambda: [result['title'] for result in site.search('planet')])
    run(steps, 'search_text', lambda: [(result['title'], result['snippet']) for result in site.search('solar', what='text', limit=3)])
    run(steps, 'category_members', lambda: [page.name for page in site.categories['Planets']])
    run(steps, 'category_members_list',
        lambda: [page['title'] for page in site.categories['Planets'].members(generator=False)])
    run(steps, 'links', lambda: [page.name for page in site.pages['Mars'].links()])
    run(steps, 'links_list', lambda: list(site.pages['Mars'].links(generator=False)))
    run(steps, 'categories_of_page',
        lambda: [category.name for category in site.pages['Mars'].categories()])
    # The listings of issue 12's modules: backlinks and transclusions (list=backlinks,
    # embeddedin), every category (list=allcategories), a page's external and language links
    # (prop=extlinks, langlinks). Page generators (the default) also ask prop=imageinfo.
    run(steps, 'backlinks_list', lambda: list(site.pages['Mars'].backlinks(limit=5, generator=False)))
    run(steps, 'backlinks', lambda: [page.name for page in site.pages['Mars'].backlinks(limit=5)])
    run(steps, 'embeddedin_list',
        lambda: list(site.pages['Template:Welcome'].embeddedin(limit=2, generator=False)))
    run(steps, 'embeddedin', lambda: [page.name for page in site.pages['Template:Welcome'].embeddedin()])
    run(steps, 'allcategories_list',
        lambda: [category['*'] for category in site.allcategories(limit=7, generator=False)])
    run(steps, 'allcategories', lambda: [category.name for category in site.allcategories(limit=7)])
    run(steps, 'extlinks', lambda: list(site.pages['Earth'].extlinks()))
    run(steps, 'langlinks', lambda: [list(pair) for pair in site.pages['Earth'].langlinks()])
    run(steps, 'langlinks_continued',
        lambda: [list(pair) for pair in site.pages['Gold'].langlinks(lllimit=1)])
    run(steps, 'revisions',
        lambda: [revision['revid'] for revision in site.pages['Earth'].revisions(limit=5)])

    def edit():
        site.pages['Mars'].edit('replaced by an e2e test', summary='e2e test')
        return 'saved'

    run(steps, 'edit', edit)

    # An action this server does not serve: an APIError at once, not retries.
    run(steps, 'expandtemplates', lambda: site.expandtemplates('{{Infobox|name=Mars}}', title='Mars'))

    def main_account_login():
        alice = new_site(address, path)
        alice.login('Alice', 'alice-fixture-pw')
        return {'username': alice.username, 'logged_in': alice.logged_in, 'groups': alice.groups}

    run(steps, 'main_account_login', main_account_login)

    def wrong_password():
        # A name no account has, so that the throttle this counts towards is nobody's.
        new_site(address, path).login('Nobody e2e mwclient', 'not-the-password')
        return 'logged in'

    run(steps, 'wrong_password', wrong_password)

    report(steps)


if __name__ == '__main__':
    main()
