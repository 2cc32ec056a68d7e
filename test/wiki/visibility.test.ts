// Who sees what of deleted, suppressed and hidden data, per combination of rights, as MediaWiki
// 1.39's RevisionRecord::userCanBitfield, LogEventsList::userCanBitfield and the hideuser rule
// decide it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DELETED_COMMENT, DELETED_FILE, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER, LOG_DELETED_ACTION, LOG_DELETED_COMMENT,
  LOG_DELETED_RESTRICTED, LOG_DELETED_USER, canSeeDeletedHistory, canSeeHiddenUser, hiddenLogUserMask, hiddenUserMask,
  logUserCanBitfield, rightsToSee, userCanBitfield,
} from '../../src/wiki/visibility.ts';

/** The fixture's kinds of callers, by the rights that matter here. */
const CALLERS = {
  anonymous: new Set(['read']),
  deletedhistoryOnly: new Set(['read', 'deletedhistory']),
  sysop: new Set(['read', 'deletedhistory', 'deletedtext', 'undelete']),
  suppressor: new Set(['read', 'deletedhistory', 'deletedtext', 'suppressrevision', 'viewsuppressed', 'hideuser', 'suppressionlog']),
  viewsuppressedOnly: new Set(['read', 'viewsuppressed']),
  suppressrevisionOnly: new Set(['read', 'suppressrevision']),
};
type Caller = keyof typeof CALLERS;

const FIELDS = { text: DELETED_TEXT, comment: DELETED_COMMENT, user: DELETED_USER } as const;

/** Expected visibility of each field of a deleted and of a suppressed revision. */
const EXPECTED: Record<Caller, { deleted: Record<keyof typeof FIELDS, boolean>; suppressed: Record<keyof typeof FIELDS, boolean> }> = {
  anonymous: { deleted: { text: false, comment: false, user: false }, suppressed: { text: false, comment: false, user: false } },
  deletedhistoryOnly: { deleted: { text: false, comment: true, user: true }, suppressed: { text: false, comment: false, user: false } },
  sysop: { deleted: { text: true, comment: true, user: true }, suppressed: { text: false, comment: false, user: false } },
  suppressor: { deleted: { text: true, comment: true, user: true }, suppressed: { text: true, comment: true, user: true } },
  // Either suppression right sees suppressed fields, whatever else the caller has.
  viewsuppressedOnly: { deleted: { text: false, comment: false, user: false }, suppressed: { text: true, comment: true, user: true } },
  suppressrevisionOnly: { deleted: { text: false, comment: false, user: false }, suppressed: { text: true, comment: true, user: true } },
};

describe('revision fields (RevisionRecord::userCanBitfield)', () => {
  const everything = DELETED_TEXT | DELETED_COMMENT | DELETED_USER;
  for (const [caller, rights] of Object.entries(CALLERS) as [Caller, Set<string>][]) {
    test(`${caller}: deleted and suppressed fields`, () => {
      for (const [name, field] of Object.entries(FIELDS) as [keyof typeof FIELDS, number][]) {
        assert.equal(userCanBitfield(everything, field, rights), EXPECTED[caller].deleted[name], `deleted ${name}`);
        assert.equal(userCanBitfield(everything | DELETED_RESTRICTED, field, rights), EXPECTED[caller].suppressed[name], `suppressed ${name}`);
      }
    });
  }

  test('a field that is not deleted is seen by anyone, whatever else is deleted or suppressed', () => {
    assert.equal(userCanBitfield(DELETED_TEXT | DELETED_RESTRICTED, DELETED_COMMENT, CALLERS.anonymous), true);
    assert.equal(userCanBitfield(0, DELETED_TEXT, CALLERS.anonymous), true);
  });

  test('the rights asked for each case', () => {
    assert.equal(rightsToSee(DELETED_COMMENT, DELETED_TEXT), null);
    assert.deepEqual(rightsToSee(DELETED_TEXT, DELETED_TEXT), ['deletedtext']);
    assert.deepEqual(rightsToSee(DELETED_USER, DELETED_USER), ['deletedhistory']);
    assert.deepEqual(rightsToSee(DELETED_USER | DELETED_RESTRICTED, DELETED_USER), ['suppressrevision', 'viewsuppressed']);
  });

  test("the page's own check may refuse what a right grants (a blocked caller, a protected namespace)", () => {
    assert.equal(userCanBitfield(DELETED_TEXT, DELETED_TEXT, CALLERS.sysop, () => false), false);
    assert.equal(userCanBitfield(DELETED_TEXT | DELETED_RESTRICTED, DELETED_TEXT, CALLERS.suppressor, (right) => right === 'viewsuppressed'), true);
  });

  test("a deleted file's content follows the text rule (ArchivedFile::userCan)", () => {
    assert.equal(userCanBitfield(DELETED_FILE, DELETED_FILE, CALLERS.deletedhistoryOnly), false);
    assert.equal(userCanBitfield(DELETED_FILE, DELETED_FILE, CALLERS.sysop), true);
    assert.equal(userCanBitfield(DELETED_FILE | DELETED_RESTRICTED, DELETED_FILE, CALLERS.sysop), false);
  });
});

describe('lists filtered by user leave out revisions whose user the caller may not see (T19342)', () => {
  const expected: Record<Caller, number> = {
    anonymous: DELETED_USER,
    deletedhistoryOnly: DELETED_USER | DELETED_RESTRICTED,
    sysop: DELETED_USER | DELETED_RESTRICTED,
    suppressor: 0,
    viewsuppressedOnly: DELETED_USER,
    suppressrevisionOnly: DELETED_USER,
  };
  for (const [caller, rights] of Object.entries(CALLERS) as [Caller, Set<string>][]) {
    test(caller, () => {
      assert.equal(hiddenUserMask(rights), expected[caller]);
      assert.equal(hiddenLogUserMask(rights), expected[caller]);
    });
  }
});

describe('log entries (LogEventsList::userCanBitfield)', () => {
  test('deleted fields need deletedhistory, suppressed ones a suppression right; the action is no text', () => {
    for (const field of [LOG_DELETED_ACTION, LOG_DELETED_COMMENT, LOG_DELETED_USER]) {
      assert.equal(logUserCanBitfield(field, field, CALLERS.anonymous), false);
      assert.equal(logUserCanBitfield(field, field, CALLERS.deletedhistoryOnly), true);
      assert.equal(logUserCanBitfield(field | LOG_DELETED_RESTRICTED, field, CALLERS.sysop), false);
      assert.equal(logUserCanBitfield(field | LOG_DELETED_RESTRICTED, field, CALLERS.viewsuppressedOnly), true);
    }
    assert.equal(logUserCanBitfield(LOG_DELETED_USER, LOG_DELETED_COMMENT, CALLERS.anonymous), true);
  });
});

describe('archived revisions and hidden users', () => {
  test('archived revisions are known to callers with deletedhistory', () => {
    assert.equal(canSeeDeletedHistory(CALLERS.anonymous), false);
    assert.equal(canSeeDeletedHistory(CALLERS.deletedhistoryOnly), true);
    assert.equal(canSeeDeletedHistory(CALLERS.viewsuppressedOnly), false);
  });

  test('a user hidden by a block is seen only with hideuser', () => {
    assert.equal(canSeeHiddenUser(false, CALLERS.anonymous), true);
    assert.equal(canSeeHiddenUser(true, CALLERS.anonymous), false);
    assert.equal(canSeeHiddenUser(true, CALLERS.sysop), false);
    assert.equal(canSeeHiddenUser(true, CALLERS.suppressor), true);
  });
});
