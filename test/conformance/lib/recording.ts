// Recording cases from a MediaWiki: what both recorders (scripts/record-conformance.ts over the
// fixture's reference, scripts/installer-wikis/record.ts over the installer-made wikis) share.
import type { CaseLine } from './cases.ts';
import type { CaseSending, RecordedCase } from './exchange.ts';
import { CallerSessions, loginFailureReason, sendCase, type CallerSession } from './session.ts';

/** Requests sent at once while recording. */
const PARALLEL_REQUESTS = 4;

/** The cases that ask for a thumbnail's URL (imageinfo's iiurlwidth and its kin). */
export const ASKS_FOR_THUMBNAILS = /urlwidth=|urlheight=|urlparam=/;

/** A case MediaWiki did not answer because its caller could not log in, and why. */
export interface NotRecorded {
  notRecorded: string;
}

/** How the recording says a case was sent (nothing for a plain anonymous GET). */
function sending(line: CaseLine): CaseSending {
  return { ...(line.caller ? { caller: line.caller } : {}), ...(line.post ? { post: true } : {}), ...(line.newSession ? { newSession: true } : {}) };
}

/** MediaWiki's answer, or why the case's caller could not log in. */
async function recordCase(apiUrl: string, line: CaseLine, session: CallerSession | undefined): Promise<RecordedCase | NotRecorded> {
  if (session && line.caller) {
    const failure = loginFailureReason(line.caller, await session.prepare(line));
    if (failure) return { notRecorded: failure };
  }
  const pages = await sendCase(apiUrl, session, line);
  if (line.walk) return { case: line.name, ...sending(line), query: line.query, walk: true, pages };
  return { case: line.name, ...sending(line), ...pages[0]! };
}

/**
 * A few requests at once, each caller's cases one after another in file order (they may log in,
 * log out, use the tokens of their session); the answers in the order of the file.
 */
export async function recordAll(apiUrl: string, area: string, lines: readonly CaseLine[]): Promise<(RecordedCase | NotRecorded)[]> {
  const sessions = new CallerSessions(() => apiUrl);
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async (): Promise<void> => {
    if (running >= PARALLEL_REQUESTS) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = (): void => {
    running--;
    waiting.shift()?.();
  };
  return Promise.all(
    lines.map((line) =>
      sessions.inTurn(area, line.caller, async (session) => {
        await slot();
        try {
          return await recordCase(apiUrl, line, session);
        } catch (error) {
          throw new Error(`case line ${line.line} (${line.name}): ${String(error)}`);
        } finally {
          release();
        }
      }),
    ),
  );
}
