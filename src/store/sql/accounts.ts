// Queries of the account family.
import type { AccountStore, BotPasswordRow, PasswordRow } from '../accounts.ts';
import type { SqlExecutor } from './executor.ts';

const PASSWORD_FIELDS = 'user_id, user_name, user_password, user_token';

export class SqlAccountStore implements AccountStore {
  constructor(private readonly db: SqlExecutor) {}

  async byName(name: string): Promise<PasswordRow | null> {
    return passwordRow(await this.db.get<PasswordRow>(`SELECT ${PASSWORD_FIELDS} FROM {user} WHERE user_name = ?`, name));
  }

  async byId(userId: number): Promise<PasswordRow | null> {
    return passwordRow(await this.db.get<PasswordRow>(`SELECT ${PASSWORD_FIELDS} FROM {user} WHERE user_id = ?`, userId));
  }

  async botPassword(userId: number, appId: string): Promise<BotPasswordRow | null> {
    // Wikis made before MediaWiki 1.27 (and some imports) have no bot_passwords table.
    if (!(await this.db.hasTable('bot_passwords'))) return null;
    const row = await this.db.get<BotPasswordRow>(
      'SELECT bp_user, bp_app_id, bp_password, bp_token, bp_restrictions, bp_grants FROM {bot_passwords} WHERE bp_user = ? AND bp_app_id = ?',
      userId,
      appId,
    );
    if (!row) return null;
    return {
      bp_user: Number(row.bp_user),
      bp_app_id: text(row.bp_app_id),
      bp_password: text(row.bp_password),
      bp_token: text(row.bp_token),
      bp_restrictions: text(row.bp_restrictions),
      bp_grants: text(row.bp_grants),
    };
  }
}

function passwordRow(row: PasswordRow | undefined): PasswordRow | null {
  if (!row) return null;
  return { user_id: Number(row.user_id), user_name: text(row.user_name), user_password: text(row.user_password), user_token: text(row.user_token) };
}

/** Binary columns may come back as bytes on a server database; MediaWiki writes them as text. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : String(value);
}
