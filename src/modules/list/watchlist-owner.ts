// Whose watchlist a request reads (ApiBase::getWatchlistUser), shared by list=watchlist and
// list=watchlistraw: another user's only with their watchlist token, else the caller's own.
import { timingSafeEqual } from 'node:crypto';
import { callerFor } from '../../api/caller.ts';
import { msg } from '../../api/i18n/messages.ts';
import type { ApiRequest } from '../../api/request.ts';
import type { QueryRun } from '../../api/query/run.ts';
import type { ExpiryFilter } from '../../store/watchlist.ts';
import { nowMw } from '../../wiki/timestamps.ts';
import { escapeWikiText } from '../../wiki/titles.ts';

/** hash_equals: the same bytes, compared in constant time. */
function sameSecret(known: string, given: string): boolean {
  const a = Buffer.from(known, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface WatchlistOwner {
  id: number;
  /**
   * The owner's rights: MediaWiki's query service decides the patrol filters and which hidden
   * changes to leave out by them, while what each item shows follows the caller's.
   */
  rights: ReadonlySet<string>;
}

/** Whose watchlist is read; fails as MediaWiki does for anyone but its owner or a holder of its token. */
export async function watchlistOwner(run: QueryRun, owner: string | undefined, token: string | undefined): Promise<WatchlistOwner> {
  const { store } = run.services;
  if (owner !== undefined && token !== undefined) {
    const ownerId = await store.users.idByName(owner);
    if (ownerId === 0) run.fail('nosuchusershort', [escapeWikiText(owner)], 'bad_wlowner');
    const stored = (await store.users.properties(ownerId)).find((p) => p.up_property === 'watchlisttoken')?.up_value ?? '';
    if (stored === '' || !sameSecret(stored, token)) run.fail('apierror-bad-watchlist-token', [], 'bad_wltoken');
    // The owner is not the session's user: no address of theirs is known, the request's stands in.
    const request = { ip: run.caller.ip } as ApiRequest;
    const ownerCaller = await callerFor(run.services, { userId: ownerId, name: owner }, request);
    return { id: ownerId, rights: ownerCaller.rights };
  }
  if (run.caller.isAnonymous) run.fail('watchlistanontext', [], 'notloggedin');
  if (!run.caller.rights.has('viewmywatchlist')) {
    run.fail('apierror-permissiondenied', [{ message: msg('action-viewmywatchlist') }], 'permissiondenied');
  }
  return { id: run.caller.id, rights: run.caller.rights };
}

/** With $wgWatchlistExpiry, watches whose expiry has passed are left out. */
export function watchlistExpiryFilter(run: QueryRun): ExpiryFilter {
  return run.services.site.watchlistExpiry ? { now: nowMw() } : null;
}
