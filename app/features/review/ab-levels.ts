import { dbToLinear } from './loudness-match.ts';
import type { Slot } from './ab-slots.ts';
import { SLOTS } from './ab-slots.ts';

/**
 * A switch fades over a few milliseconds (a 5 ms time constant settles within about 25 ms): too short
 * to hear as a fade, long enough that the jump from one waveform to the other does not click.
 */
const SWITCH_TIME_CONSTANT = 0.005;

/**
 * How loud each of the A/B player's two elements is: through a Web Audio gain node each, made on the
 * first play (browsers let audio start only from a gesture), carrying the version's loudness matching
 * when audible and silence otherwise. Without Web Audio the elements' `muted` and `volume` do the same,
 * less smoothly.
 */
export class AbLevels {
  private nodes: Partial<Record<Slot, { element: HTMLAudioElement; gain: GainNode }>> = {};
  private context: AudioContext | null = null;
  private gainsDb: Record<Slot, number> = { a: 0, b: 0 };

  constructor(
    private readonly elements: Readonly<Record<Slot, HTMLAudioElement | null>>,
    private readonly activeSlot: () => Slot,
  ) {}

  setGains(gains: Record<Slot, number>): void {
    this.gainsDb = { a: Math.min(0, gains.a), b: Math.min(0, gains.b) };
    this.apply();
  }

  /** Called from the press that starts playback: makes the graph once, and wakes a suspended context. */
  start(): void {
    this.ensureGraph();
    if (this.context && this.context.state !== 'running') void this.context.resume().catch(() => {});
  }

  /** A new element for a slot joins the graph, once there is one. */
  attach(slot: Slot, element: HTMLAudioElement): void {
    if (this.context) this.connect(slot, element, this.context);
  }

  close(): void {
    void this.context?.close().catch(() => {});
    this.context = null;
    this.nodes = {};
  }

  apply(): void {
    for (const slot of SLOTS) {
      const element = this.elements[slot];
      if (!element) continue;
      const level = this.levelOf(slot);
      const node = this.nodes[slot];
      if (node && node.element === element && this.context) {
        const now = this.context.currentTime;
        node.gain.gain.cancelScheduledValues(now);
        node.gain.gain.setTargetAtTime(level, now, SWITCH_TIME_CONSTANT);
      } else {
        element.muted = level === 0;
        element.volume = level === 0 ? 1 : level;
      }
      // What is applied, readable from the page (the journeys check the matching with it).
      element.dataset.gain = level.toFixed(4);
      element.dataset.gainDb = this.gainsDb[slot].toFixed(2);
      element.dataset.audible = String(slot === this.activeSlot());
    }
  }

  /** The gain each slot gets now: its matching gain when audible, silence otherwise. */
  private levelOf(slot: Slot): number {
    return slot === this.activeSlot() ? dbToLinear(this.gainsDb[slot]) : 0;
  }

  private ensureGraph(): void {
    if (this.context) return;
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    try {
      this.context = new Context();
      for (const slot of SLOTS) {
        const element = this.elements[slot];
        if (element) this.connect(slot, element, this.context);
      }
    } catch (error) {
      console.warn('Web Audio is not available; the A/B player switches by muting instead:', error);
      this.context = null;
      this.nodes = {};
    }
  }

  private connect(slot: Slot, element: HTMLAudioElement, context: AudioContext): void {
    if (this.nodes[slot]?.element === element) return;
    this.nodes[slot]?.gain.disconnect();
    const gain = context.createGain();
    gain.gain.value = this.levelOf(slot);
    context.createMediaElementSource(element).connect(gain).connect(context.destination);
    // The element's own volume stays at full: the gain node does the work.
    element.muted = false;
    element.volume = 1;
    this.nodes[slot] = { element, gain };
  }
}
