// The read worker's batches of dump records: page texts travel in one transferred buffer, not cloned strings.

import type { DumpHandler, DumpRevision } from './dump-types.ts';

/** One handler call, replayed by the main thread: [method name, argument]. */
export type DumpEvent = [keyof DumpHandler, unknown];

/**
 * A batch of events as posted. Page texts do not travel inside the events: they are copied into
 * one transferred buffer, `texts` giving each one's offset and length (-1: no text), in the order
 * of the revisions' main slot and then their other slots.
 */
export interface EventBatch {
  type: 'events';
  events: DumpEvent[];
  arena: ArrayBuffer;
  texts: number[];
  bytesRead: number;
  totalBytes: number;
}

/** Puts the texts of a batch back into its revisions, as views of the transferred buffer. */
export function restoreTexts(batch: EventBatch): void {
  let k = 0;
  const take = (): Buffer | undefined => {
    const offset = batch.texts[k++]!;
    const length = batch.texts[k++]!;
    return length < 0 ? undefined : Buffer.from(batch.arena, offset, length);
  };
  for (const [method, argument] of batch.events) {
    if (method !== 'revision') continue;
    const revision = argument as DumpRevision;
    revision.main.text = take();
    for (const slot of revision.slots) slot.text = take();
  }
}

/** The texts copied end to end into one buffer that can be transferred instead of cloned. */
export function pack(texts: Array<Buffer | undefined>): { arena: ArrayBuffer; offsets: number[] } {
  let total = 0;
  for (const text of texts) total += text?.length ?? 0;
  const arena = new ArrayBuffer(total);
  const bytes = new Uint8Array(arena);
  const offsets: number[] = [];
  let at = 0;
  for (const text of texts) {
    if (text === undefined) {
      offsets.push(0, -1);
      continue;
    }
    bytes.set(text, at);
    offsets.push(at, text.length);
    at += text.length;
  }
  return { arena, offsets };
}
