import type { StoredResponse } from './stored-response.ts';

export interface PublicCacheOptions {
  /**
   * A safety net, not the freshness rule: every write refreshes every instance at once (decision 035),
   * and an entry is made again after this long anyway, in case a notice was lost with a connection.
   * Past it, the entry is served for as long again while one refresh runs; older than that, it waits.
   */
  maxAgeMs: number;
  /** Random URLs (404s) must not grow memory without bound; the oldest entries go first. */
  maxEntries: number;
  /**
   * After a change, the longest the writer is held while the pages are made again (decision 111). What
   * has not been refreshed by then is dropped: after the write has answered, nobody gets the old copy.
   */
  refreshWithinMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
  /** Wraps every producer, the refreshes' too: how the app ends a page at the announcement's next day (page-validity.ts). */
  produceWith?: (produce: Producer) => Producer;
}

export interface Produced {
  stored: StoredResponse;
  /** False for answers that must be made again next time (errors, anything personal). */
  keep: boolean;
  /** Served for its bare address only: with a query string the request is someone's own (the booking picker's steps). */
  bareAddressOnly?: boolean;
  /**
   * The moment the answer stops being right by itself (epoch ms): the announcement bar's next first
   * or last day (decision 118). From then on it is never served, not even stale: the next request makes it.
   */
  validUntil?: number;
}

export type Producer = () => Promise<Produced>;

/** How an answer was found: stored and current, stored and being made again (served meanwhile), or made now. */
export type Freshness = 'hit' | 'stale' | 'miss';

/** What a lookup finds. */
export interface Found {
  stored: StoredResponse;
  freshness: 'hit' | 'stale';
  bareAddressOnly: boolean;
}

interface Entry {
  stored: StoredResponse;
  expiresAt: number;
  /** The content version it shows: older than the cache's after a change, until refreshed. */
  generation: number;
  /** How to make it again, with no request at hand (the producer of the request that first asked). */
  produce: Producer;
  refreshing: Promise<void> | null;
  bareAddressOnly: boolean;
  /** When a visitor last got it: after a change, the pages people are reading are made first. */
  servedAt: number;
  validUntil: number;
}

const DEFAULT_REFRESH_WITHIN_MS = 1000;
/** Renderings run on the event loop, compression in the thread pool: two at a time keep both busy. */
const REFRESHES_AT_ONCE = 2;

/**
 * Public answers (visitors' pages, the public sample list) kept until the content changes, and never
 * a visitor's wait once stored: after an expiry or a change, the stored copy is served while one
 * refresh per entry makes the new one. Concurrent misses for one key share a single rendering.
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Produced>>();
  private generation = 0;
  private readonly now: () => number;
  constructor(private readonly options: PublicCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The stored answer (a stale one starts its refresh), or undefined when it must be made now. */
  lookup(key: string): Found | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    entry.servedAt = now;
    const superseded = entry.generation !== this.generation;
    // A superseded entry is still here only while its refresh holds the writer (see changed()).
    const { stored, bareAddressOnly } = entry;
    if (entry.validUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    if (!superseded && entry.expiresAt > now) return { stored, freshness: 'hit', bareAddressOnly };
    if (!superseded && now - entry.expiresAt > this.options.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    void this.refresh(key, entry);
    return { stored, freshness: 'stale', bareAddressOnly };
  }

  /** The stored answer, or one produced now (shared with every request asking meanwhile). */
  async getOrProduce(key: string, asked: Producer): Promise<{ stored: StoredResponse; freshness: Freshness }> {
    const produce = this.options.produceWith?.(asked) ?? asked;
    const found = this.lookup(key);
    if (found) return found;
    let pending = this.inFlight.get(key);
    if (!pending) {
      const generation = this.generation;
      pending = produce().then((produced) => {
        // Made across a change, it may show the old content: hand it to those who asked, keep nothing.
        if (produced.keep && generation === this.generation) this.remember(key, produced, generation, produce);
        return produced;
      });
      this.inFlight.set(key, pending);
      const forget = () => {
        if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
      };
      pending.then(forget, forget);
    }
    return { stored: (await pending).stored, freshness: 'miss' };
  }

  /**
   * After a write: every entry is made again, one refresh per entry, while visitors get the copy they
   * had. Resolves once all are current, or refreshWithinMs has passed and the rest were dropped, so
   * the write that waits on it answers only when no old copy can be served any more.
   */
  async changed(): Promise<void> {
    this.generation += 1;
    // Renderings under way may show the old content: they are not joined, and not kept.
    this.inFlight.clear();
    // Let the other subscribers of the same notice (the site content's copy) drop theirs first.
    await Promise.resolve();
    const generation = this.generation;
    const queue = [...this.entries].sort(([, a], [, b]) => b.servedAt - a.servedAt);
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await this.refresh(...next);
    };
    const refreshes = Array.from({ length: REFRESHES_AT_ONCE }, worker);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.refreshWithinMs ?? DEFAULT_REFRESH_WITHIN_MS);
    });
    await Promise.race([Promise.allSettled(refreshes), late]);
    clearTimeout(timer);
    for (const [key, entry] of this.entries) if (entry.generation < generation) this.entries.delete(key);
  }

  /** Changes may have gone unheard (a lost connection): nothing stored is served again. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** One refresh at a time per entry; it goes on until the copy shows the newest content version. */
  private refresh(key: string, entry: Entry): Promise<void> {
    if (entry.refreshing) return entry.refreshing;
    const running = this.makeAgain(key, entry).finally(() => {
      entry.refreshing = null;
    });
    entry.refreshing = running;
    return running;
  }

  private async makeAgain(key: string, entry: Entry): Promise<void> {
    try {
      while (this.entries.get(key) === entry && (entry.generation !== this.generation || entry.expiresAt <= this.now())) {
        const generation = this.generation;
        const produced = await entry.produce();
        if (this.entries.get(key) !== entry) return;
        if (!produced.keep) {
          this.entries.delete(key);
          return;
        }
        if (generation !== this.generation) continue;
        entry.stored = produced.stored;
        entry.generation = generation;
        entry.validUntil = produced.validUntil ?? Infinity;
        entry.expiresAt = Math.min(this.now() + this.options.maxAgeMs, entry.validUntil);
      }
    } catch {
      // A refresh that fails (the database away) leaves nothing old behind: the next visitor's request makes it.
      if (this.entries.get(key) === entry) this.entries.delete(key);
    }
  }

  private remember(
    key: string,
    { stored, bareAddressOnly = false, validUntil = Infinity }: Produced,
    generation: number,
    produce: Producer,
  ): void {
    if (!this.entries.has(key) && this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const now = this.now();
    const expiresAt = Math.min(now + this.options.maxAgeMs, validUntil);
    this.entries.set(key, { stored, expiresAt, generation, produce, refreshing: null, servedAt: now, bareAddressOnly, validUntil });
  }
}
