// Replays recorded cases against a server and says how its answers differ from MediaWiki's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORDED_DIR } from './cases.ts';
import { differences } from './compare.ts';
import { fetchCase, isWalk, type RecordedArea, type RecordedCase, type RecordedResponse } from './exchange.ts';
import { unimplementedModule } from './expectations.ts';
import { comparableView } from './normalise.ts';

export interface Outcome {
  differences: string[];
  unimplemented?: string;
}

export function loadRecordings(): RecordedArea[] {
  return readdirSync(RECORDED_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(RECORDED_DIR, file), 'utf8')) as RecordedArea);
}

/** What may be rewritten in our answer before it is compared (a value the database spells its own way). */
export type AnswerAdjustment = (ours: RecordedResponse) => RecordedResponse;

async function comparePage(url: string, recorded: RecordedResponse, adjust?: AnswerAdjustment): Promise<Outcome> {
  let ours: RecordedResponse;
  try {
    ours = await fetchCase(url, recorded.query);
  } catch (error) {
    return { differences: [`request failed: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (adjust) ours = adjust(ours);
  return {
    differences: differences(comparableView(ours), comparableView(recorded)),
    unimplemented: unimplementedModule(ours, recorded, recorded.query),
  };
}

/** A walk replays MediaWiki's own continuation queries, so each page is judged on its own. */
export async function compareCase(url: string, recorded: RecordedCase, adjust?: AnswerAdjustment): Promise<Outcome> {
  if (!isWalk(recorded)) return comparePage(url, recorded, adjust);
  const outcome: Outcome = { differences: [] };
  for (const [index, page] of recorded.pages.entries()) {
    const pageOutcome = await comparePage(url, page, adjust);
    outcome.differences.push(...pageOutcome.differences.map((line) => `page ${index + 1}: ${line}`));
    outcome.unimplemented ??= pageOutcome.unimplemented;
  }
  return outcome;
}
