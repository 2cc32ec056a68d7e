// The page writer's memory of what it wrote (revision ids, actors, comments), bounded on any dump size.

/**
 * A set of revision ids that may answer yes wrongly but never no wrongly: one bit per id, ids
 * beyond its 2^27 bits sharing bits (16 MB at most, grown as ids come).
 */
export class RevisionIdBits {
  private static readonly MAX_BYTES = 1 << 24;
  private bytes = new Uint8Array(1 << 16);

  has(id: number): boolean {
    const bit = id % (RevisionIdBits.MAX_BYTES * 8);
    return (this.bytes[bit >>> 3]! & (1 << (bit & 7))) !== 0;
  }

  add(id: number): void {
    if (!Number.isSafeInteger(id) || id <= 0) return;
    const bit = id % (RevisionIdBits.MAX_BYTES * 8);
    const at = bit >>> 3;
    if (at >= this.bytes.length) {
      let length = this.bytes.length;
      while (length <= at) length *= 2;
      const grown = new Uint8Array(length);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[at]! |= 1 << (bit & 7);
  }
}

/** Bounded map: drops the oldest entries, keeping memory flat on any dump size. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.size >= this.limit) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
