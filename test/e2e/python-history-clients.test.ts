// mwclient's history calls (Debian's python3-mwclient, which .ci/run installs) against a running
// wikiquery over the fixture wiki: recentchanges, usercontributions, logevents, allusers and
// blocks as an anonymous reader, Alice's watchlist logged in, each paginated in small chunks
// (test/e2e/mwclient_history.py). The expected values are what the same script reads from
// MediaWiki 1.39 on the fixture. pywikibot has no Debian package (bookworm), so it is not driven.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';

const script = fileURLToPath(new URL('./mwclient_history.py', import.meta.url));

/** Debian's python3 reads python3-mwclient from /usr/lib/python3/dist-packages; another on PATH may not. */
function findPython(): string | null {
  for (const python of ['/usr/bin/python3', 'python3']) {
    if (spawnSync(python, ['-c', 'import mwclient'], { timeout: 10_000 }).status === 0) return python;
  }
  return null;
}

const python = findPython();
const skip: false | string = skipWithoutFixture || (python === null ? 'mwclient cannot be imported (apt-get install python3-mwclient; .ci/run installs it)' : false);

interface Step {
  ok: boolean;
  value?: Json;
  error?: Json;
}

function runScript(apiUrl: string): Promise<Record<string, Step>> {
  const url = new URL(apiUrl);
  return new Promise((resolve, reject) => {
    execFile(python!, [script, url.hostname, url.port, url.pathname.replace(/api\.php$/, '')], { timeout: 60_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`mwclient's history calls did not finish (${error.killed ? 'killed after 60 s' : error.message}): ${stderr}`));
      else resolve((JSON.parse(stdout) as { steps: Record<string, Step> }).steps);
    });
  });
}

/** What the script reads from MediaWiki 1.39 on the fixture. */
const MEDIAWIKI: Record<string, Json> = {
  "recentchanges": {
    "count": 829,
    "distinct": 829,
    "first": [
      "Venus",
      "203.0.113.7",
      538
    ],
    "last": [
      "Category:Imported",
      820
    ]
  },
  "recentchanges_filtered": {
    "count": 74,
    "users": [
      "",
      "Admin",
      "Alice",
      "Bob",
      "Carol",
      "Dave",
      "Eve",
      "Frank",
      "Grace",
      "Mallory",
      "Oscar",
      "Peggy"
    ],
    "bots": 0
  },
  "usercontributions": {
    "count": 52,
    "distinct": 52,
    "users": [
      "Bob"
    ],
    "newest": "Earth"
  },
  "logevents": {
    "block_titles": [
      "User:192.0.2.10",
      "User:Peggy",
      "User:Victor",
      "User:Victor",
      "User:Trudy",
      "User:2001:DB8:0:0:0:0:0:0/64",
      "User:198.51.100.0/24",
      "User:192.0.2.55",
      "User:Mallory",
      "User:Mallory"
    ],
    "block_actions": [
      "block",
      "block",
      "unblock",
      "block",
      "block",
      "block",
      "block",
      "block",
      "reblock",
      "block"
    ],
    "moves": 10,
    "move_targets": [
      "File:Renamed image.png",
      "Moved without redirect",
      "New name",
      "Talk:New name",
      "Talk:Venus",
      "Talk:Venus (planet)",
      "User:Alice/Archive",
      "User:Alice/Archive/Sub",
      "Venus",
      "Venus (planet)"
    ]
  },
  "allusers": {
    "names": [
      "Admin",
      "Alice",
      "Bob",
      "Carol",
      "Dave",
      "Eve",
      "FixtureBot",
      "Frank",
      "Grace",
      "Mallory",
      "MediaWiki default",
      "Oscar",
      "Peggy",
      "Trudy",
      "Victor",
      "Walter",
      "Zed",
      "Ünïcode Üser"
    ],
    "sysops": [
      "Admin",
      "Alice",
      "Oscar"
    ]
  },
  "blocks": {
    "users": [
      "192.0.2.10",
      "Peggy",
      "Trudy",
      "2001:DB8:0:0:0:0:0:0/64",
      "198.51.100.0/24",
      "192.0.2.55",
      "Mallory"
    ],
    "ids": [
      10,
      9,
      6,
      5,
      4,
      3,
      1
    ],
    "mallory": [
      "infinity"
    ]
  },
  "watchlist": {
    "count": 143,
    "first": "Cat"
  }
};

describe('mwclient history calls', { skip }, () => {
  const server = useFixtureServer();
  let steps: Record<string, Step> = {};

  before(async () => {
    steps = await runScript(server.url);
  });

  for (const name of Object.keys(MEDIAWIKI)) {
    test(`${name} answers as MediaWiki does`, () => {
      const step = steps[name];
      assert.ok(step, `no step ${name}`);
      assert.ok(step.ok, `${name} failed: ${JSON.stringify(step.error)}`);
      assert.deepEqual(step.value, MEDIAWIKI[name]);
    });
  }
});
