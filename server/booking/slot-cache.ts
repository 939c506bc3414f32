import type { Span } from './slot-rules.ts';

/*
 * The free slots of each type over its whole horizon, computed once and served to every visitor
 * until something they depend on changes. The key is made of everything that decides them (the
 * type's shape, the week and dates off, the busy times' stamp, the bookings' stamp), read fresh on
 * each request: a booking, a settings change or a feed refresh on any instance makes a new key, so
 * no instance serves a slot another one has just given away. What moves with the clock (the notice
 * and the horizon's end) is applied when a list is read, and an entry is recomputed after TTL_MS so
 * the horizon keeps moving forward.
 */

const TTL_MS = 60_000;
/** A few types, each with one current key: more entries only means keys that changed. */
const MAX_ENTRIES = 32;

/** A free slot as computed (instants) and as answered (ISO text, formatted once: it is most of a list's cost). */
export interface CachedSlot extends Span {
  answer: { start: string; end: string };
}

interface Entry {
  computedAt: number;
  slots: CachedSlot[];
}

const answered = (slot: Span): CachedSlot => ({
  ...slot,
  answer: { start: new Date(slot.start).toISOString(), end: new Date(slot.end).toISOString() },
});

export class SlotCache {
  private readonly entries = new Map<string, Entry>();
  /** One computation per key at a time: a burst of visitors after a change waits for the same one. */
  private readonly computing = new Map<string, Promise<Entry>>();
  /** Computations run so far (tests read it: a warm list costs none). */
  computations = 0;

  /** The slots of `key` (computed by `compute` over the type's whole horizon from `now` when missing or old). */
  async slots(key: string, now: number, compute: () => Promise<Span[]>): Promise<CachedSlot[]> {
    const kept = this.entries.get(key);
    if (kept && now - kept.computedAt < TTL_MS && now >= kept.computedAt) return kept.slots;
    let pending = this.computing.get(key);
    if (!pending) {
      pending = this.compute(key, now, compute);
      this.computing.set(key, pending);
    }
    return (await pending).slots;
  }

  private async compute(key: string, now: number, compute: () => Promise<Span[]>): Promise<Entry> {
    try {
      this.computations += 1;
      const entry = { computedAt: now, slots: (await compute()).map(answered) };
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, entry);
      return entry;
    } finally {
      this.computing.delete(key);
    }
  }
}

/** The cached slots that a request for [from, to) may see (from already carries the notice), as answered. */
export function slotsWithin(slots: readonly CachedSlot[], from: number, to: number): CachedSlot['answer'][] {
  const within: CachedSlot['answer'][] = [];
  for (const slot of slots) if (slot.start >= from && slot.start < to) within.push(slot.answer);
  return within;
}
