// Bot passwords the conformance callers need and the fixture wiki does not have (a bot password
// with narrow grants). MediaWiki's createBotPassword.php made each one once on a copy of the
// fixture; its bot_passwords row is kept in data/bot-passwords.json, and that same row is put
// into every copy a case runs over: the reference's run copy when recording, and the temporary
// copy our server serves in the test. The fixture itself is never written to.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { CONFORMANCE_DIR } from './cases.ts';

export const BOT_PASSWORDS_FILE = join(CONFORMANCE_DIR, 'data', 'bot-passwords.json');
const MEDIAWIKI_DIR = process.env.MW_IP ?? '/usr/share/mediawiki';

/** A bot_passwords row as MediaWiki wrote it: the store's own row type. */
import type { BotPasswordRow } from '../../../src/store/accounts.ts';

export type { BotPasswordRow };

export interface ExtraBotPassword {
  /** The user the bot password belongs to. */
  user: string;
  appId: string;
  /** What `@as` logs in with: `user@appId` and this password. */
  password: string;
  grants: string[];
  /** Unset until createBotPassword.php made it. */
  row?: BotPasswordRow;
}

interface BotPasswordsFile {
  _comment?: string;
  botPasswords: ExtraBotPassword[];
}

export function loadExtraBotPasswords(file = BOT_PASSWORDS_FILE): ExtraBotPassword[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as BotPasswordsFile).botPasswords;
}

function saveExtraBotPasswords(botPasswords: ExtraBotPassword[], file = BOT_PASSWORDS_FILE): void {
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BotPasswordsFile) : undefined;
  writeFileSync(file, JSON.stringify({ _comment: previous?._comment, botPasswords }, null, 1) + '\n');
}

/** Puts the rows into a wiki database (a copy): replaced if the key is there already. */
export function insertBotPasswords(sqliteFile: string, botPasswords: ExtraBotPassword[]): void {
  const rows = botPasswords.flatMap((botPassword) => (botPassword.row ? [botPassword.row] : []));
  if (rows.length === 0) return;
  const db = new Database(sqliteFile);
  try {
    const insert = db.prepare(
      'INSERT OR REPLACE INTO bot_passwords (bp_user, bp_app_id, bp_password, bp_token, bp_restrictions, bp_grants) ' +
        'VALUES (@bp_user, @bp_app_id, @bp_password, @bp_token, @bp_restrictions, @bp_grants)',
    );
    db.transaction(() => rows.forEach((row) => insert.run(row)))();
  } finally {
    db.close();
  }
}

function readRow(sqliteFile: string, user: string, appId: string): BotPasswordRow {
  const db = new Database(sqliteFile, { readonly: true });
  try {
    const row = db
      .prepare(
        'SELECT bp_user, CAST(bp_app_id AS TEXT) AS bp_app_id, CAST(bp_password AS TEXT) AS bp_password, CAST(bp_token AS TEXT) AS bp_token, ' +
          'CAST(bp_restrictions AS TEXT) AS bp_restrictions, CAST(bp_grants AS TEXT) AS bp_grants ' +
          'FROM bot_passwords JOIN user ON user_id = bp_user WHERE user_name = ? AND bp_app_id = ?',
      )
      .get(user, appId) as BotPasswordRow | undefined;
    if (!row) throw new Error(`createBotPassword.php left no bot_passwords row for ${user}@${appId}`);
    return row;
  } finally {
    db.close();
  }
}

/**
 * Makes sure the reference's run copy (`start.sh`'s /tmp/mw-fixture-run-PORT) has every extra bot
 * password: rows made before are inserted as they are; one without a row yet is made there by
 * MediaWiki's createBotPassword.php and its row saved to data/bot-passwords.json.
 */
export async function provideBotPasswords(runDir: string): Promise<void> {
  const botPasswords = loadExtraBotPasswords();
  const database = join(runDir, 'data', 'wikidb.sqlite');
  insertBotPasswords(database, botPasswords);
  const missing = botPasswords.filter((botPassword) => !botPassword.row);
  for (const botPassword of missing) {
    await promisify(execFile)(
      'php',
      [join(MEDIAWIKI_DIR, 'maintenance', 'createBotPassword.php'), '--appid', botPassword.appId, '--grants', botPassword.grants.join(','), botPassword.user, botPassword.password],
      { env: { ...process.env, MW_CONFIG_FILE: join(runDir, 'LocalSettings.php') }, timeout: 60_000 },
    );
    botPassword.row = readRow(database, botPassword.user, botPassword.appId);
  }
  if (missing.length) saveExtraBotPasswords(botPasswords);
}

/** A temporary copy of a wiki database (the fixture's) with the extra bot passwords in it. */
export function fixtureCopyWithBotPasswords(original: string): { db: string; remove: () => void } {
  if (!existsSync(original)) throw new Error(`the fixture database ${original} does not exist`);
  const dir = mkdtempSync(join(tmpdir(), 'wikiquery-conformance-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  const db = join(dir, 'wikidb.sqlite');
  try {
    copyFileSync(original, db);
    insertBotPasswords(db, loadExtraBotPasswords());
  } catch (error) {
    remove();
    throw error;
  }
  return { db, remove };
}
