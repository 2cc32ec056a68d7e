// Where and how long a request runs. It starts on the event loop, where answers are cheapest; if
// its queries outgrow the event loop's budget it moves to a query thread (so one slow request never
// keeps the others waiting); a locked database is waited for without blocking anything, a little at
// a time; past the time limit the request is answered with MediaWiki's timeout error.
import { setTimeout as sleep } from 'node:timers/promises';
import { handleApiRequest, internalError, type ApiResponse } from '../api/main.ts';
import type { ApiRequest } from '../api/request.ts';
import type { ServeOptions } from './options.ts';
import { answerBusy, answerTimeout, runRequest } from './run-request.ts';
import type { ServedWiki, WikiGeneration } from './served-wiki.ts';

export interface Executed {
  response: ApiResponse;
  /** Where it was answered. */
  lane: 'event-loop' | 'thread';
  databaseMs: number;
  timedOut: boolean;
  /** It met a locked database (answered after waiting, or with the busy error). */
  metBusy: boolean;
}

/** The first wait for a locked database; each next one is twice as long. */
const FIRST_BUSY_WAIT_MS = 5;

export class RequestExecutor {
  /** Requests take turns on the event loop: the connection's deadline belongs to one at a time. */
  private eventLoopTurn: Promise<unknown> = Promise.resolve();
  private turnsWaiting = 0;

  constructor(
    private readonly wiki: ServedWiki,
    private readonly options: ServeOptions,
  ) {}

  async execute(request: ApiRequest): Promise<Executed> {
    const started = Date.now();
    const deadline = started + this.options.timeLimitMs;
    const busyUntil = started + this.options.busyWaitMs;
    let busyWait = FIRST_BUSY_WAIT_MS;
    const done: Omit<Executed, 'response'> = { lane: 'event-loop', databaseMs: 0, timedOut: false, metBusy: false };
    let attempt = request;
    for (;;) {
      const generation = this.wiki.current();
      generation.acquire();
      try {
        const outcome = await this.attempt(generation, attempt, deadline, done);
        if (outcome === 'timeout') {
          done.timedOut = true;
          return { ...done, response: await answerTimeout(generation.api, attempt.fresh(), this.options.timeLimitMs) };
        }
        if (outcome !== 'busy') return { ...done, response: outcome };
        done.metBusy = true;
        const now = Date.now();
        if (now + busyWait > busyUntil || now + busyWait >= deadline) {
          return { ...done, response: await answerBusy(generation.api, attempt.fresh()) };
        }
      } finally {
        generation.release();
      }
      await sleep(busyWait);
      busyWait *= 2;
      attempt = attempt.fresh();
    }
  }

  private async attempt(generation: WikiGeneration, request: ApiRequest, deadline: number, done: Omit<Executed, 'response'>): Promise<ApiResponse | 'busy' | 'timeout'> {
    if (Date.now() >= deadline) return 'timeout';
    // Without interruptible queries nothing could stop a slow query on the event loop. A server
    // database has no threads: its own statement timeout stops a query, raising the timeout here.
    if (generation.interruptible || !generation.threads) {
      const budget = generation.threads ? this.options.eventLoopBudgetMs : null;
      const outcome = await this.onEventLoop(() => runRequest(generation.api, request, deadline - Date.now(), budget));
      done.databaseMs += outcome.databaseMs;
      if (outcome.kind === 'answer') return outcome.response;
      if (outcome.kind === 'busy' || outcome.kind === 'timeout') return outcome.kind;
      request = request.fresh();
    }
    done.lane = 'thread';
    let outcome;
    try {
      outcome = await generation.threads!.run(request.toTransfer(), deadline - Date.now());
    } catch (e) {
      return this.internalError(generation, request, e instanceof Error ? e.message : String(e));
    }
    if (outcome.kind === 'answer') {
      done.databaseMs += outcome.databaseMs;
      return outcome.response;
    }
    if (outcome.kind === 'failed') return this.internalError(generation, request, outcome.error);
    return outcome.kind;
  }

  private onEventLoop<T>(run: () => Promise<T>): Promise<T> {
    // Nobody else's turn: no queue to join (the common case costs no extra promises).
    const result = this.turnsWaiting === 0 ? run() : this.eventLoopTurn.then(run);
    this.turnsWaiting++;
    const settled = result.then(this.turnEnded, this.turnEnded);
    this.eventLoopTurn = settled;
    return result;
  }

  private readonly turnEnded = (): void => {
    this.turnsWaiting--;
  };

  private internalError(generation: WikiGeneration, request: ApiRequest, error: string): Promise<ApiResponse> {
    return handleApiRequest(generation.api, request.fresh(), { failure: internalError(new Error(error), request.url) });
  }
}
