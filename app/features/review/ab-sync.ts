// Keeping the silent version of an A/B pair at the audible one's position while both play, so a
// switch only changes which one is heard: no seek, no buffering, no gap. Media elements drift apart
// a little (they start when each has data, and each keeps its own clock); the silent one is nudged
// back by playing slightly faster or slower, which nobody hears since it is silent, and seeked only
// when it is far off (a seek makes it buffer for a moment).

/** Closer than this counts as together (a few audio buffers). */
export const IN_SYNC_SECONDS = 0.03;
/** Further than this, the follower is seeked instead of nudged. */
export const SEEK_BEYOND_SECONDS = 0.5;
/** How much faster or slower the follower plays while it catches up. */
export const NUDGE = 0.1;

export type FollowerCorrection = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek'; to: number };

/** What to do with the silent element at `followerTime` while the audible one is at `leaderTime`. */
export function correctionFor(leaderTime: number, followerTime: number, followerDuration: number | null): FollowerCorrection {
  // A shorter version has ended where the longer one goes on: nothing to follow.
  if (followerDuration !== null && leaderTime >= followerDuration) return { kind: 'none' };
  const behind = leaderTime - followerTime;
  if (Math.abs(behind) > SEEK_BEYOND_SECONDS) return { kind: 'seek', to: leaderTime };
  if (Math.abs(behind) <= IN_SYNC_SECONDS) return { kind: 'rate', rate: 1 };
  return { kind: 'rate', rate: behind > 0 ? 1 + NUDGE : 1 - NUDGE };
}

/**
 * One check while both play: the audible `leader` at normal speed, the silent `follower` nudged or
 * seeked towards it (`followerDuration` is the version's known length, for before its element knows).
 */
export function keepInStep(leader: HTMLMediaElement, follower: HTMLMediaElement | null, followerDuration: number | null): void {
  if (leader.playbackRate !== 1) leader.playbackRate = 1;
  // While the audible one buffers, the silent one is left alone; it is brought back once both play.
  if (!follower || leader.paused || leader.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
  const duration = Number.isFinite(follower.duration) ? follower.duration : followerDuration;
  const correction = correctionFor(leader.currentTime, follower.currentTime, duration);
  if (correction.kind === 'none') return;
  if (follower.paused) {
    // Seeked back into a shorter version, or it stopped: it joins again.
    follower.currentTime = leader.currentTime;
    void follower.play().catch(() => {});
    return;
  }
  if (correction.kind === 'seek') follower.currentTime = correction.to;
  else if (follower.playbackRate !== correction.rate) follower.playbackRate = correction.rate;
}
