// Replays recorded cases against a server and says how its answers differ from MediaWiki's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { callerName, RECORDED_DIR } from './cases.ts';
import { differences } from './compare.ts';
import { isWalk, type RecordedArea, type RecordedCase, type RecordedResponse } from './exchange.ts';
import { unimplementedModule } from './expectations.ts';
import { comparableView } from './normalise.ts';
import { CallerSessions, changedSession, loginFailureReason, sendCase } from './session.ts';

export interface Outcome {
  differences: string[];
  unimplemented?: string;
  /** `login as USER: <what the server said>` when the case's caller could not log in on this server. */
  loginFailure?: string;
  /** An earlier case of the same session logged in or out otherwise than MediaWiki did. */
  brokenSession?: string;
}

export function loadRecordings(): RecordedArea[] {
  return readdirSync(RECORDED_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(RECORDED_DIR, file), 'utf8')) as RecordedArea);
}

/** What may be rewritten in our answer before it is compared (a value the database spells its own way). */
export type AnswerAdjustment = (ours: RecordedResponse) => RecordedResponse;

function comparePage(ours: RecordedResponse, recorded: RecordedResponse, adjust?: AnswerAdjustment): Outcome {
  const adjusted = adjust ? adjust(ours) : ours;
  return {
    differences: differences(comparableView(adjusted), comparableView(recorded)),
    unimplemented: unimplementedModule(adjusted, recorded, recorded.query),
  };
}

function failure(error: unknown): string {
  return `request failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Replays recordings against one server. Each `@as` caller has its own session per area, logged
 * in before its first case (and again after a case logged it out), and its cases are sent one
 * after another in the order of the case file, whatever order they are asked in.
 */
export class Replayer {
  private readonly url: () => string;
  private readonly sessions: CallerSessions;

  /** `url` may be a function: a server started in a `before` hook is known only then. */
  constructor(
    url: string | (() => string),
    private readonly adjust?: AnswerAdjustment,
  ) {
    this.url = typeof url === 'string' ? () => url : url;
    this.sessions = new CallerSessions(this.url);
  }

  /** A walk replays MediaWiki's own continuation queries, so each page is judged on its own. */
  compare(area: string, recorded: RecordedCase): Promise<Outcome> {
    return this.sessions.inTurn(area, recorded.caller, async (session) => {
      const outcome: Outcome = { differences: [] };
      try {
        if (session && recorded.caller) outcome.loginFailure = loginFailureReason(recorded.caller, await session.prepare(recorded));
      } catch (error) {
        outcome.loginFailure = `login as ${callerName(recorded.caller)}: ${failure(error)}`;
      }
      if (session?.brokenBy) outcome.brokenSession = session.brokenBy;
      const pages = isWalk(recorded) ? recorded.pages : [recorded];
      let loggedInOrOut = false;
      for (const [index, page] of pages.entries()) {
        let ours: RecordedResponse;
        try {
          [ours] = (await sendCase(this.url(), session, { ...recorded, query: page.query, walk: false })) as [RecordedResponse];
        } catch (error) {
          outcome.differences.push(failure(error));
          continue;
        }
        loggedInOrOut ||= changedSession(ours) || changedSession(page);
        const pageOutcome = comparePage(ours, page, this.adjust);
        const prefix = isWalk(recorded) ? `page ${index + 1}: ` : '';
        outcome.differences.push(...pageOutcome.differences.map((line) => prefix + line));
        outcome.unimplemented ??= pageOutcome.unimplemented;
      }
      // A login or logout that went otherwise leaves this session another than MediaWiki's.
      if (session && !session.brokenBy && outcome.differences.length && loggedInOrOut) {
        session.brokenBy = `after "${recorded.case}", which differs, this session is not the one MediaWiki had`;
      }
      return outcome;
    });
  }
}
