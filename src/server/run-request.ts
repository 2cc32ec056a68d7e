// Runs one API request on this thread with a deadline on its queries: the one piece shared by the
// event loop and the query threads.
import { databaseBusyError, handleApiRequest, timeLimitError, type ApiResponse } from '../api/main.ts';
import type { Api } from '../api/api.ts';
import { handleSessionRequest } from '../api/session/handle.ts';
import type { ApiRequest } from '../api/request.ts';
import { StoreBusyError, StoreInterruptedError } from '../store/errors.ts';

export type RunOutcome =
  | { kind: 'answer'; response: ApiResponse; databaseMs: number }
  /** Its queries outgrew `budgetMs`, with time left: run it again where it may take longer. */
  | { kind: 'over-budget'; databaseMs: number }
  /** The database is locked by another process: try again later. */
  | { kind: 'busy'; databaseMs: number }
  | { kind: 'timeout'; databaseMs: number };

/**
 * Runs `request` with its queries stopped once `remainingMs` (the time limit) or, when given,
 * `budgetMs` has passed. Never throws for a stopped query or a locked database: it says so.
 */
export async function runRequest(api: Api, request: ApiRequest, remainingMs: number, budgetMs: number | null): Promise<RunOutcome> {
  const { store } = api.services;
  const control = store.control;
  const databaseBefore = control?.databaseMilliseconds() ?? 0;
  const limitedByBudget = budgetMs !== null && budgetMs < remainingMs;
  control?.setDeadline(Math.max(1, limitedByBudget ? budgetMs : remainingMs));
  try {
    // A server database: one request reads from one server (its answer comes from one copy of the
    // wiki when there are replicas), and its queries stop at the time limit.
    const response = store.runRequest
      ? await store.runRequest(() => handleSessionRequest(api, request), remainingMs)
      : await handleSessionRequest(api, request);
    return { kind: 'answer', response, databaseMs: databaseSince(api, databaseBefore) };
  } catch (e) {
    const databaseMs = databaseSince(api, databaseBefore);
    if (e instanceof StoreInterruptedError) return { kind: limitedByBudget ? 'over-budget' : 'timeout', databaseMs };
    if (e instanceof StoreBusyError) return { kind: 'busy', databaseMs };
    throw e;
  } finally {
    control?.setDeadline(null);
  }
}

function databaseSince(api: Api, before: number): number {
  return (api.services.store.control?.databaseMilliseconds() ?? 0) - before;
}

/** The answer for a request that ran out of time, in the format it asked for. */
export function answerTimeout(api: Api, request: ApiRequest, timeLimitMs: number): Promise<ApiResponse> {
  return handleApiRequest(api, request, { failure: timeLimitError(timeLimitMs) });
}

/** The answer for a request that met a database locked for longer than it may wait. */
export async function answerBusy(api: Api, request: ApiRequest): Promise<ApiResponse> {
  const response = await handleApiRequest(api, request, { failure: databaseBusyError() });
  response.headers['Retry-After'] = '1';
  return response;
}
