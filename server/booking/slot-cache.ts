import type { Span } from './slot-rules.ts';

/*
 * The free slots of each type over its whole horizon, computed once and served to every visitor
 * until something they depend on changes. The key is made of everything that decides them (the
 * type's shape, the week and dates off, the busy times' stamp, the bookings' stamp), as last read
 * (slot-inputs.ts keeps them until a change here or one announced by another instance): a booking, a
 * settings change or a feed refresh makes a new key. What moves with the clock (the notice
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
  /** Answers already made from these slots, by the span asked (minutes): a burst of visitors shares one. */
  answers: Map<string, unknown>;
}

/** Answers kept per entry: the calendar's months of a few visitors at once. */
const MAX_ANSWERS = 64;

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

  /**
   * The answer for `span` made from the slots of `key` (computed by `compute` over the type's whole
   * horizon from `now` when missing or old). The same span of the same slots gives the same answer
   * object, so what is made from it (its JSON, compressed) can be kept beside it.
   */
  async answer<T>(key: string, span: Span, now: number, compute: () => Promise<Span[]>, make: (slots: CachedSlot[]) => T): Promise<T> {
    const entry = await this.entry(key, now, compute);
    const spanKey = `${span.start}|${span.end}`;
    let answer = entry.answers.get(spanKey) as T | undefined;
    if (answer === undefined) {
      answer = make(entry.slots);
      if (entry.answers.size >= MAX_ANSWERS) entry.answers.delete(entry.answers.keys().next().value as string);
      entry.answers.set(spanKey, answer);
    }
    return answer;
  }

  private async entry(key: string, now: number, compute: () => Promise<Span[]>): Promise<Entry> {
    const kept = this.entries.get(key);
    if (kept && now - kept.computedAt < TTL_MS && now >= kept.computedAt) return kept;
    let pending = this.computing.get(key);
    if (!pending) {
      pending = this.compute(key, now, compute);
      this.computing.set(key, pending);
    }
    return pending;
  }

  private async compute(key: string, now: number, compute: () => Promise<Span[]>): Promise<Entry> {
    try {
      this.computations += 1;
      const entry: Entry = { computedAt: now, slots: (await compute()).map(answered), answers: new Map() };
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
