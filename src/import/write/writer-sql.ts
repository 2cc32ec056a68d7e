// The page writer's SQL: its prepared statements, the multi-row batches its revision rows wait in, and (--renumber) the ids SQLite would give next.

import type Database from 'better-sqlite3';
import { indexDdl, TABLES } from '../../store/sqlite/schema.ts';
import { RowBatch } from './row-batch.ts';

type Db = Database.Database;
type Statement = Database.Statement;

/** The next ids importDump.php would get from SQLite (`--renumber`). */
export interface NextIds {
  page: number;
  revision: number;
  log: number;
}

/** The statements the writer runs a row at a time (lookups, pages, actors, users, uploads, log items). */
export function prepareStatements(db: Db) {
  const s = (sql: string): Statement => db.prepare(sql);
  return {
    pageByTitle: s('SELECT page_id, page_latest FROM page WHERE page_namespace = ? AND page_title = ?'),
    pageById: s('SELECT page_namespace, page_title FROM page WHERE page_id = ?'),
    maxPageId: s('SELECT max(page_id) AS id FROM page'),
    revisionFacts: s(
      `SELECT rev_timestamp, rev_len, model_name, content_sha1, slot_content_id, slot_origin FROM revision JOIN slots ON slot_revision_id = rev_id AND slot_role_id = 1
       JOIN content ON content_id = slot_content_id JOIN content_models ON model_id = content_model WHERE rev_id = ?`,
    ),
    revisionCount: s('SELECT count(*) AS n FROM revision WHERE rev_page = ?'),
    revisionAt: s('SELECT 1 FROM revision WHERE rev_page = ? AND rev_timestamp = ? AND rev_sha1 = ?'),
    parentRevision: s(
      `SELECT rev_id AS id, content_size AS len, model_name AS model, content_sha1 AS sha1, slot_content_id AS contentId, slot_origin AS origin
       FROM revision JOIN slots ON slot_revision_id = rev_id AND slot_role_id = 1 JOIN content ON content_id = slot_content_id
       JOIN content_models ON model_id = content_model
       WHERE rev_page = ? AND rev_timestamp <= ? ORDER BY rev_timestamp DESC, rev_id DESC LIMIT 1`,
    ),
    insertPage: s(
      `INSERT INTO page (page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random, page_touched,
         page_links_updated, page_latest, page_len, page_content_model, page_lang)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
    ),
    updatePage: s(
      `UPDATE page SET page_is_redirect = ?, page_is_new = 0, page_touched = max(page_touched, ?), page_latest = ?, page_len = ?,
         page_content_model = ? WHERE page_id = ?`,
    ),
    revisionExists: s('SELECT 1 FROM revision WHERE rev_id = ?'),
    insertModel: s('INSERT INTO content_models (model_name) VALUES (?)'),
    actorByName: s('SELECT actor_id FROM actor WHERE actor_name = ?'),
    insertActor: s('INSERT INTO actor (actor_user, actor_name) VALUES (?, ?)'),
    userByName: s('SELECT user_id FROM user WHERE user_name = ?'),
    userById: s('SELECT 1 FROM user WHERE user_id = ?'),
    insertUser: s(
      `INSERT INTO user (user_id, user_name, user_real_name, user_password, user_newpassword, user_email, user_touched,
         user_token, user_registration, user_editcount) VALUES (?, ?, '', '', '', '', '19700101000000', '', NULL, 0)`,
    ),
    insertRestriction: s(
      "INSERT OR IGNORE INTO page_restrictions (pr_page, pr_type, pr_level, pr_cascade, pr_expiry) VALUES (?, ?, ?, 0, 'infinity')",
    ),
    imageTimestamp: s('SELECT img_timestamp FROM image WHERE img_name = ?'),
    upsertImage: s(
      `INSERT OR REPLACE INTO image (img_name, img_size, img_width, img_height, img_metadata, img_bits, img_media_type,
         img_major_mime, img_minor_mime, img_description_id, img_actor, img_timestamp, img_sha1)
       VALUES (?, ?, 0, 0, '', 0, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertOldImage: s(
      `INSERT INTO oldimage (oi_name, oi_archive_name, oi_size, oi_width, oi_height, oi_bits, oi_description_id, oi_actor,
         oi_timestamp, oi_metadata, oi_media_type, oi_major_mime, oi_minor_mime, oi_deleted, oi_sha1)
       VALUES (?, ?, ?, 0, 0, 0, ?, ?, ?, '', ?, ?, ?, 0, ?)`,
    ),
    logById: s('SELECT 1 FROM logging WHERE log_id = ?'),
    logExists: s(
      `SELECT 1 FROM logging WHERE log_type = ? AND log_action = ? AND log_timestamp = ? AND log_namespace = ? AND log_title = ?
         AND log_params = ?`,
    ),
    insertLog: s(
      `INSERT INTO logging (log_id, log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
         log_comment_id, log_params, log_deleted) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
    ),
  };
}

export type WriterStatements = ReturnType<typeof prepareStatements>;

export type WriterBatches = Record<'revision' | 'text' | 'content' | 'slots' | 'revComment' | 'comment' | 'ipChanges', RowBatch>;

/** Revision rows wait in these and go in with multi-row INSERTs; the writer gives out their ids meanwhile. */
export function createRowBatches(db: Db): WriterBatches {
  // INSERT OR FAIL: a multi-row INSERT that may stop at a constraint otherwise keeps a statement
  // journal (a copy of every page it changes) to undo its earlier rows alone. A failed row fails
  // the import here, and its whole transaction is rolled back: nothing needs that journal.
  return {
    revision: new RowBatch(db, `INSERT OR FAIL INTO revision (rev_id, rev_page, rev_comment_id, rev_actor, rev_timestamp, rev_minor_edit,
      rev_deleted, rev_len, rev_parent_id, rev_sha1) VALUES`, 9, 100, '(?, ?, 0, ?, ?, ?, ?, ?, ?, ?)'),
    // Texts arrive as UTF-8 bytes; the cast stores them as TEXT, as MediaWiki's own rows are.
    text: new RowBatch(db, 'INSERT OR FAIL INTO text (old_id, old_text, old_flags) VALUES', 2, 100, "(?, CAST(? AS TEXT), 'utf-8')"),
    content: new RowBatch(db, 'INSERT OR FAIL INTO content (content_id, content_size, content_sha1, content_model, content_address) VALUES', 5),
    slots: new RowBatch(db, 'INSERT OR FAIL INTO slots (slot_revision_id, slot_role_id, slot_content_id, slot_origin) VALUES', 3, 100, '(?, 1, ?, ?)'),
    revComment: new RowBatch(db, 'INSERT OR FAIL INTO revision_comment_temp (revcomment_rev, revcomment_comment_id) VALUES', 2),
    comment: new RowBatch(db, 'INSERT OR FAIL INTO comment (comment_id, comment_hash, comment_text, comment_data) VALUES', 3, 100, '(?, ?, ?, NULL)'),
    ipChanges: new RowBatch(db, 'INSERT OR IGNORE INTO ip_changes (ipc_rev_id, ipc_rev_timestamp, ipc_hex) VALUES', 3),
  };
}

/**
 * The ids SQLite's AUTOINCREMENT gives next (MediaWiki's tables on SQLite use it): after the highest
 * row, or the highest ever given (sqlite_sequence). The indexes MediaWiki's lookups need are made now
 * rather than after the import.
 */
export function startRenumbering(db: Db): NextIds {
  for (const [table, name] of [['revision', 'rev_page_timestamp'], ['logging', 'log_type_action']] as const) {
    const spec = TABLES.find((t) => t.name === table)!;
    db.exec(indexDdl(spec, spec.indexes.find((i) => i.name === name)!));
  }
  const next = (table: string, column: string): number => {
    const highest = db.prepare(`SELECT max(${column}) FROM "${table}"`).pluck().get() as number | null;
    const given = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck().get(table) as number | undefined;
    return Math.max(highest ?? 0, given ?? 0) + 1;
  };
  return { page: next('page', 'page_id'), revision: next('revision', 'rev_id'), log: next('logging', 'log_id') };
}
