/**
 * A least-recently-used cache of buffers bounded by their total size, so that serving many images (or many
 * sizes of one) keeps memory flat while repeated requests skip the work of making them again.
 */
export class ByteLru {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, Buffer>();
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.used;
  }

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps the value unless it alone is larger than the whole budget; evicts the oldest to make room. */
  set(key: string, value: Buffer): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.used -= old.length;
    }
    if (value.length > this.maxBytes) return;
    for (const [k, v] of this.entries) {
      if (this.used + value.length <= this.maxBytes) break;
      this.entries.delete(k);
      this.used -= v.length;
    }
    this.entries.set(key, value);
    this.used += value.length;
  }
}
