import { AbLevels } from './ab-levels.ts';
import { otherSlot, SLOTS, type Slot } from './ab-slots.ts';
import { keepInStep } from './ab-sync.ts';
/** How often the silent version is checked against the audible one while both play. */
const SYNC_INTERVAL_MS = 200;
/** A silent version further off than this at a switch is seeked first (it then buffers briefly). */
const SWITCH_TOLERANCE_SECONDS = 0.25;

export interface EngineSnapshot {
  playing: boolean;
  active: Slot;
  /** The audible version's position, as of the last time update (about 4 a second while playing). */
  time: number;
  /** A version that could not be played. */
  failed: Slot | null;
}

const isHarmlessPlayRefusal = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The A/B player: two <audio preload="none"> elements, both playing in step once playback starts, each
 * through its own Web Audio gain node, with only the active one audible. A switch is then a change of
 * two gains (a few milliseconds), never a seek or a new request, so the position holds exactly and
 * nothing buffers. Each gain carries the version's loudness matching. Without Web Audio the elements'
 * `muted` and `volume` do the same, less smoothly.
 *
 * Nothing is fetched before play: the sources are set with preload="none", and a position chosen
 * before play is only remembered until then. The graph is made on the first play, inside the press
 * (browsers let audio start only from a gesture).
 */
export class AbEngine {
  private elements: Record<Slot, HTMLAudioElement | null> = { a: null, b: null };
  private sources: Record<Slot, { url: string | null; duration: number | null }> = {
    a: { url: null, duration: null },
    b: { url: null, duration: null },
  };
  /** Elements this player paused itself, whose `pause` event is no news. */
  private ownPauses = new WeakSet<HTMLMediaElement>();
  private levels = new AbLevels(this.elements, () => this.snapshot.active);
  /** Where playback starts while nothing plays. */
  private position = 0;
  private syncTimer: ReturnType<typeof setInterval> | null = null;
  private closing: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();
  private detachers: Partial<Record<Slot, () => void>> = {};
  private snapshot: EngineSnapshot = { playing: false, active: 'a', time: 0, failed: null };

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  readonly getSnapshot = () => this.snapshot;

  /** The audible version's position now (read every frame by the waveform's progress). */
  get time(): number {
    const leader = this.elements[this.snapshot.active];
    return this.snapshot.playing && leader ? leader.currentTime : this.position;
  }

  get active(): Slot {
    return this.snapshot.active;
  }

  /** The element of a slot (a React ref callback hands it over, and null when it goes). */
  attach(slot: Slot, element: HTMLAudioElement | null): void {
    if (this.elements[slot] === element) return;
    this.detachers[slot]?.();
    delete this.detachers[slot];
    this.elements[slot] = element;
    if (!element) return;
    const listeners: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
      timeupdate: () => {
        if (slot === this.snapshot.active) this.update({ time: element.currentTime });
      },
      ended: () => {
        if (slot === this.snapshot.active) this.finished();
      },
      // Paused from outside (the system's media controls, headphones unplugged): both stop.
      pause: () => {
        if (this.ownPauses.delete(element)) return;
        if (slot === this.snapshot.active && this.snapshot.playing && !element.ended) this.pause();
      },
      error: () => {
        if (!element.error || element.error.code === MediaError.MEDIA_ERR_ABORTED || !element.getAttribute('src')) return;
        this.update({ failed: slot });
        if (slot === this.snapshot.active) this.pause();
      },
    };
    for (const [name, listener] of Object.entries(listeners)) element.addEventListener(name, listener);
    this.detachers[slot] = () => {
      for (const [name, listener] of Object.entries(listeners)) element.removeEventListener(name, listener);
    };
    this.levels.attach(slot, element);
    this.applySource(slot);
    this.levels.apply();
  }

  /** The version a slot plays (null: none). A change while playing carries on at the same moment. */
  setSource(slot: Slot, url: string | null, durationSeconds: number | null): void {
    if (this.sources[slot].url === url && this.sources[slot].duration === durationSeconds) return;
    const time = this.time;
    this.sources[slot] = { url, duration: durationSeconds };
    if (this.snapshot.failed === slot) this.update({ failed: null });
    this.applySource(slot, time);
  }

  setGains(gains: Record<Slot, number>): void {
    this.levels.setGains(gains);
  }

  /** Starts both versions at the current position, the active one audible. Call it from the press itself. */
  async play(): Promise<void> {
    if (this.snapshot.playing) return;
    const leader = this.elements[this.snapshot.active];
    if (!leader || !this.sources[this.snapshot.active].url) return;
    this.levels.start();
    const start = this.position;
    this.update({ playing: true, failed: null });
    this.levels.apply();
    const starting = SLOTS.map((slot) => {
      const element = this.elements[slot];
      if (!element || !this.sources[slot].url || !this.reaches(slot, start)) return Promise.resolve();
      element.playbackRate = 1;
      if (Math.abs(element.currentTime - start) > 0.01) element.currentTime = start;
      return element.play();
    });
    this.startSync();
    const [first] = await Promise.allSettled([starting[SLOTS.indexOf(this.snapshot.active)]]);
    if (first?.status === 'rejected' && !isHarmlessPlayRefusal(first.reason)) {
      // The browser refused to start (no gesture, or the file cannot play): stay paused.
      this.pause();
    }
    await Promise.allSettled(starting);
  }

  pause(): void {
    const time = this.time;
    this.stopSync();
    for (const slot of SLOTS) this.quietPause(this.elements[slot]);
    this.position = time;
    this.update({ playing: false, time });
    // The silent one waits at the same moment, ready for the next play.
    for (const slot of SLOTS) this.alignPaused(slot, time);
  }

  toggle(): void {
    if (this.snapshot.playing) this.pause();
    else void this.play();
  }

  /** Moves both versions to `seconds` (within the audible version's length). */
  seek(seconds: number): void {
    const duration = this.sources[this.snapshot.active].duration ?? Number.POSITIVE_INFINITY;
    const time = Math.min(Math.max(seconds, 0), duration);
    this.position = time;
    for (const slot of SLOTS) {
      const element = this.elements[slot];
      if (!element || !this.sources[slot].url) continue;
      // Before the first play the moment is only remembered: touching the element could start a download.
      if (element.readyState === HTMLMediaElement.HAVE_NOTHING && !this.snapshot.playing) continue;
      if (this.reaches(slot, time)) element.currentTime = time;
    }
    this.update({ time });
  }

  seekBy(seconds: number): void {
    this.seek(this.time + seconds);
  }

  /** Makes `slot` the audible one, at the same moment. */
  setActive(slot: Slot): void {
    if (slot === this.snapshot.active || !this.sources[slot].url) return;
    const previous = this.elements[this.snapshot.active];
    const next = this.elements[slot];
    const time = this.time;
    if (this.snapshot.playing && previous && next) {
      next.playbackRate = 1;
      const far = Math.abs(next.currentTime - time) > SWITCH_TOLERANCE_SECONDS;
      if (far && this.reaches(slot, time)) next.currentTime = time;
      if (next.paused && this.reaches(slot, time)) void next.play().catch(() => {});
    }
    this.update({ active: slot, time });
    this.levels.apply();
  }

  toggleActive(): void {
    this.setActive(otherSlot(this.snapshot.active));
  }

  /**
   * The player leaves the page: it stops, and its audio context closes a moment later unless the
   * player comes back first (React's development mode unmounts and remounts every component once).
   */
  release(): void {
    this.pause();
    this.closing ??= setTimeout(() => {
      for (const slot of SLOTS) this.detachers[slot]?.();
      this.levels.close();
    }, 0);
  }

  /** Cancels a pending release (see `release`). */
  retain(): void {
    if (this.closing !== null) clearTimeout(this.closing);
    this.closing = null;
  }

  private update(change: Partial<EngineSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  private reaches(slot: Slot, time: number): boolean {
    const duration = this.sources[slot].duration;
    return duration === null || time < duration;
  }

  private applySource(slot: Slot, time = this.time): void {
    const element = this.elements[slot];
    if (!element) return;
    const { url } = this.sources[slot];
    if ((element.getAttribute('src') ?? null) === url) return;
    this.quietPause(element);
    if (url === null) {
      element.removeAttribute('src');
      element.load();
      return;
    }
    element.src = url;
    if (!this.snapshot.playing) return;
    element.playbackRate = 1;
    if (this.reaches(slot, time)) {
      element.currentTime = time;
      void element.play().catch(() => {});
    }
  }

  private quietPause(element: HTMLMediaElement | null): void {
    if (!element || element.paused) return;
    this.ownPauses.add(element);
    element.pause();
  }

  private alignPaused(slot: Slot, time: number): void {
    const element = this.elements[slot];
    if (!element || element.readyState === HTMLMediaElement.HAVE_NOTHING || !this.reaches(slot, time)) return;
    element.playbackRate = 1;
    if (Math.abs(element.currentTime - time) > 0.01) element.currentTime = time;
  }

  private finished(): void {
    this.stopSync();
    for (const slot of SLOTS) this.quietPause(this.elements[slot]);
    // Back to the start, so the next press plays the song again.
    this.position = 0;
    for (const slot of SLOTS) this.alignPaused(slot, 0);
    this.update({ playing: false, time: 0 });
  }

  private startSync(): void {
    this.stopSync();
    this.syncTimer = setInterval(() => this.keepInStep(), SYNC_INTERVAL_MS);
  }

  private stopSync(): void {
    if (this.syncTimer !== null) clearInterval(this.syncTimer);
    this.syncTimer = null;
  }

  private keepInStep(): void {
    const leader = this.elements[this.snapshot.active];
    const followerSlot = otherSlot(this.snapshot.active);
    if (!leader) return;
    const follower = this.sources[followerSlot].url ? this.elements[followerSlot] : null;
    keepInStep(leader, follower, this.sources[followerSlot].duration);
  }
}
