"""What the mwclient scripts (mwclient_session.py, mwclient_history.py) share: a site of the
running wikiquery, steps whose failures are recorded rather than raised, and the JSON report the
TypeScript tests read.
"""
import json
import time

import mwclient
import mwclient.errors


def describe_error(error):
    described = {'type': type(error).__name__, 'message': str(error)}
    if isinstance(error, (mwclient.errors.APIError, mwclient.errors.LoginError)):
        described['code'] = error.code
        described['info'] = error.info
    return described


def run(steps, name, action):
    """Runs one step; a failure is recorded, never raised, so that later steps still run."""
    started = time.monotonic()
    try:
        steps[name] = {'ok': True, 'value': action()}
    except Exception as error:  # every failure is the finding, whatever its class
        steps[name] = {'ok': False, 'error': describe_error(error)}
    steps[name]['seconds'] = round(time.monotonic() - started, 3)


def new_site(address, path):
    # The defaults a user gets (25 retries with growing pauses on a 5xx answer), so that a server
    # answering 5xx shows as a run that never ends rather than as a quick failure; requests'
    # own timeout is kept short.
    return mwclient.Site(address, path=path, scheme='http', reqs={'timeout': 10})


def report(steps):
    print(json.dumps({'mwclient': mwclient.__version__, 'steps': steps}))
