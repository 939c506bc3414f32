import type { StoredResponse } from './stored-response.ts';

export interface PublicCacheOptions {
  /**
   * A safety net, not the freshness rule: every write clears every instance at once (decision 035),
   * and an entry is dropped after this long anyway, in case a notice was lost with a connection.
   */
  maxAgeMs: number;
  /** Random URLs (404s) must not grow memory without bound; the oldest entries go first. */
  maxEntries: number;
}

export interface Produced {
  stored: StoredResponse;
  /** False for answers that must be made again next time (errors, anything personal). */
  keep: boolean;
}

/**
 * Public answers (visitors' pages, the public sample list) kept until the content changes. Concurrent
 * misses for one key share a single rendering, so a burst after a change renders each page once.
 */
export class PublicCache {
  private readonly entries = new Map<string, { stored: StoredResponse; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<Produced>>();
  private generation = 0;
  constructor(private readonly options: PublicCacheOptions) {}

  get(key: string, now = Date.now()): StoredResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > now) return entry.stored;
    this.entries.delete(key);
    return undefined;
  }

  /** The stored answer, or one produced now (shared with every request asking meanwhile). */
  async getOrProduce(key: string, produce: () => Promise<Produced>): Promise<{ stored: StoredResponse; hit: boolean }> {
    const cached = this.get(key);
    if (cached) return { stored: cached, hit: true };
    let pending = this.inFlight.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = produce().then((produced) => {
        // Made across a clear, it may show the old content: hand it to those who asked, keep nothing.
        if (produced.keep && generation === this.generation) this.remember(key, produced.stored);
        return produced;
      });
      this.inFlight.set(key, pending);
      const forget = () => {
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      };
      pending.then(forget, forget);
    }
    return { stored: (await pending).stored, hit: false };
  }

  private remember(key: string, stored: StoredResponse): void {
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { stored, expiresAt: Date.now() + this.options.maxAgeMs });
  }

  /** After a write: nothing stored is served again, and renderings already under way are not joined. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
