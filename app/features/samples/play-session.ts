import { PLAY_COUNT_THRESHOLD_SECONDS } from '#common/play-count.ts';

/** Longer steps between two time updates are seeks, not listening. */
const MAX_LISTENING_STEP_SECONDS = 1.5;

/**
 * Adds up the time really listened in one play session (seeks and paused time do not count) and
 * calls `onPlay` once when it passes PLAY_COUNT_THRESHOLD_SECONDS. A session ends when the track
 * finishes; the next play starts a new one.
 */
export function createPlaySession(onPlay: () => void, thresholdSeconds = PLAY_COUNT_THRESHOLD_SECONDS) {
  let listened = 0;
  let lastTime: number | null = null;
  let counted = false;
  return {
    /** A time update from the player; only those while playing add up. */
    timeUpdate(time: number, playing: boolean) {
      if (!playing) {
        lastTime = null;
        return;
      }
      if (lastTime !== null) {
        const step = time - lastTime;
        if (step > 0 && step <= MAX_LISTENING_STEP_SECONDS) listened += step;
      }
      lastTime = time;
      if (!counted && listened >= thresholdSeconds) {
        counted = true;
        onPlay();
      }
    },
    /** Playback stopped (pause or seek): the next update starts a new step. */
    interrupt() {
      lastTime = null;
    },
    /** The track finished: the next play is a new session. */
    finish() {
      listened = 0;
      lastTime = null;
      counted = false;
    },
  };
}

/** Tells the server a sample was played: fire and forget, sent even while the page unloads. */
export function sendPlayBeacon(sampleId: number): void {
  const url = `/api/samples/${sampleId}/plays`;
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
  void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => {});
}
