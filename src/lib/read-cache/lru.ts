// The cache's memory: answers by key, least recently used first out, bounded by their bytes
// (a Map keeps insertion order; a hit moves its entry to the end).

export interface Entry {
  /** Versions of the collection and everything its answer depends on (versions.ts). */
  version: string
  body: Buffer
  etag: string
}

export class ByteLru {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.bytes
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  /** One entry per key: an answer under a newer version replaces the older one. */
  set(key: string, entry: Entry): void {
    const cost = entryBytes(key, entry)
    // An answer larger than an eighth of the cache would push out everything else.
    if (cost > this.maxBytes / 8) return
    this.delete(key)
    this.entries.set(key, entry)
    this.bytes += cost
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entryBytes(oldest, old)
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entryBytes(key, entry)
  }
}

// Strings count twice their length (UTF-16), plus a fixed allowance for the objects around them.
const entryBytes = (key: string, entry: Entry) =>
  entry.body.byteLength + 2 * (key.length + entry.version.length + entry.etag.length) + 200
