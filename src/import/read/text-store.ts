// Where the dump reader collects a page text's bytes as they arrive: a Buffer of its own for each, unless the caller gives another store (the read worker's TextArena, event-batch.ts).

export const NO_TEXT = Buffer.alloc(0);

/** Where the reader puts a page text as its pieces arrive. */
export interface TextStore {
  append(bytes: Buffer, start: number, end: number): void;
  /** The text appended since the last take or drop (possibly empty), for the caller to keep. */
  take(): Buffer;
  /** Forgets the text being read. */
  drop(): void;
}

/** Each text in a Buffer of its own. */
export class SeparateTexts implements TextStore {
  private pieces: Buffer[] = [];
  private length = 0;

  append(bytes: Buffer, start: number, end: number): void {
    const piece = Buffer.allocUnsafe(end - start);
    bytes.copy(piece, 0, start, end);
    this.pieces.push(piece);
    this.length += piece.length;
  }

  take(): Buffer {
    const pieces = this.pieces;
    const text = pieces.length === 0 ? NO_TEXT : pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, this.length);
    this.drop();
    return text;
  }

  drop(): void {
    this.pieces = [];
    this.length = 0;
  }
}
