import type { StoredBookingSettings } from './booking-settings.ts';
import type { StudioFacts } from './studio-facts.ts';

/** What a visitor's slot list is read from besides the clock: the settings, the studio's facts, the slots' stamp. */
export interface SlotInputsRead {
  stored: StoredBookingSettings;
  studio: StudioFacts;
  /** `slotsStamp`: the bookings and the busy times as they stand. */
  stamp: string;
}

const MINUTE = 60_000;

/*
 * The inputs of the visitors' slot lists, read once and kept until something they depend on changes,
 * so a warm list asks the database nothing (issue 42: the two reads were a third of its cost). It is
 * dropped by every change here (`changed`: a booking, a move, a cancellation, the settings, the feed)
 * and by every change announced on the invalidation channel (another instance's, or changes that may
 * have gone unheard); while the channel cannot hear the other instances, every list reads afresh.
 * It is read again at each new minute too, so a notice lost on the way delays a change by a minute at
 * most (a stale slot still ends in the booking's 409 with fresh times), as the page cache's max age does.
 */
export class SlotInputs {
  private kept: { minute: number; read: Promise<SlotInputsRead> } | null = null;
  /** Reads made so far (tests read it: a warm list makes none). */
  reads = 0;

  constructor(
    private readonly readFresh: () => Promise<SlotInputsRead>,
    /** False while other instances' changes cannot be heard (InvalidationChannel.listening). */
    private readonly hearsChanges: () => boolean,
  ) {}

  current(now: number): Promise<SlotInputsRead> {
    if (!this.hearsChanges()) return this.read();
    const minute = Math.floor(now / MINUTE);
    if (this.kept?.minute === minute) return this.kept.read;
    const kept = { minute, read: this.read() };
    this.kept = kept;
    // A failed read (the database away) is not kept: the next list asks again, and its caller answers the fault.
    kept.read.catch(() => {
      if (this.kept === kept) this.kept = null;
    });
    return kept.read;
  }

  /** Something the lists depend on changed: the next one reads again (one in flight is not kept). */
  changed(): void {
    this.kept = null;
  }

  private read(): Promise<SlotInputsRead> {
    this.reads += 1;
    return this.readFresh();
  }
}
