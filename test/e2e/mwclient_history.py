"""mwclient (Debian's python3-mwclient, 0.10) reading a wiki's history from a running wikiquery:
recent changes, a user's contributions, logs, users and blocks as an anonymous reader, and
Alice's watchlist logged in; each call paginates with a small chunk size, so that continuation is
followed. Prints one JSON object with every step's outcome for
test/e2e/python-history-clients.test.ts to check.

usage: python3 mwclient_history.py HOST PORT SCRIPT_PATH   (SCRIPT_PATH like /wiki/)
"""
import sys

from mwclient_steps import new_site, report, run


def main():
    host, port, path = sys.argv[1], sys.argv[2], sys.argv[3]
    address = '{}:{}'.format(host, port)
    steps = {}
    site = new_site(address, path)

    def recentchanges():
        changes = list(site.recentchanges(prop='title|ids|timestamp|user', limit=100))
        return {'count': len(changes), 'distinct': len({c['rcid'] for c in changes}),
                'first': [changes[0]['title'], changes[0]['user'], changes[0]['rcid']],
                'last': [changes[-1]['title'], changes[-1]['rcid']]}

    run(steps, 'recentchanges', recentchanges)

    def recentchanges_filtered():
        changes = list(site.recentchanges(namespace=0, show='!bot|!anon', type='edit', limit=20,
                                          prop='title|user|flags'))
        return {'count': len(changes), 'users': sorted({c.get('user', '') for c in changes}),
                'bots': sum(1 for c in changes if 'bot' in c)}

    run(steps, 'recentchanges_filtered', recentchanges_filtered)

    def usercontributions():
        contribs = list(site.usercontributions('Bob', limit=10))
        return {'count': len(contribs), 'distinct': len({c['revid'] for c in contribs}),
                'users': sorted({c['user'] for c in contribs}), 'newest': contribs[0]['title']}

    run(steps, 'usercontributions', usercontributions)

    def logevents():
        entries = list(site.logevents(type='block', limit=3))
        moves = list(site.logevents(type='move', limit=2))
        return {'block_titles': [e['title'] for e in entries], 'block_actions': [e['action'] for e in entries],
                'moves': len(moves), 'move_targets': sorted({e['params']['target_title'] for e in moves})}

    run(steps, 'logevents', logevents)

    def allusers():
        users = list(site.allusers(limit=5))
        sysops = list(site.allusers(group='sysop', prop='groups'))
        return {'names': [u['name'] for u in users], 'sysops': [u['name'] for u in sysops]}

    run(steps, 'allusers', allusers)

    def blocks():
        listed = list(site.blocks(limit=2))
        return {'users': [b.get('user') for b in listed], 'ids': [b['id'] for b in listed],
                'mallory': [b['expiry'] for b in site.blocks(users='Mallory')]}

    run(steps, 'blocks', blocks)

    def watchlist():
        alice = new_site(address, path)
        alice.login('Alice', 'alice-fixture-pw')
        items = list(alice.watchlist(prop='title|timestamp|user', limit=25))
        return {'count': len(items), 'first': items[0]['title']}

    run(steps, 'watchlist', watchlist)

    report(steps)


if __name__ == '__main__':
    main()
