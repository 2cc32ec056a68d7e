// mwclient's history calls (Debian's python3-mwclient, which .ci/run installs) against a running
// wikiquery over the fixture wiki: recentchanges, usercontributions, logevents, allusers and
// blocks as an anonymous reader, Alice's watchlist logged in, each paginated in small chunks
// (test/e2e/mwclient_history.py). The expected values are what the same script reads from
// MediaWiki 1.39 on the fixture. pywikibot has no Debian package (bookworm), so it is not driven.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { skipWithoutFixture, useFixtureServer, type Json } from '../support/fixture-wiki.ts';
import { findPythonWithMwclient, runMwclientScript, type MwclientStep } from '../support/mwclient.ts';

const script = fileURLToPath(new URL('./mwclient_history.py', import.meta.url));

const found = findPythonWithMwclient();
const skip: false | string = skipWithoutFixture || ('missing' in found ? found.missing : false);

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
  let steps: Record<string, MwclientStep> = {};

  before(async () => {
    steps = (await runMwclientScript((found as { python: string }).python, script, server.url, 60)).steps;
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
