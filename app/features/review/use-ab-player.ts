import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { VersionView } from '#common/review.ts';
import { AbEngine, type EngineSnapshot } from './ab-engine.ts';
import type { Slot } from './ab-slots.ts';
import { matchedGains, type MatchedGains } from './loudness-match.ts';
import { playsHere, type Hears } from './versions.ts';

const SERVER_SNAPSHOT: EngineSnapshot = { playing: false, active: 'a', time: 0, failed: null };

export interface AbPlayer extends EngineSnapshot {
  engine: AbEngine;
  /** The gains in use: matched, or 0 dB for both when heard as delivered. */
  gains: MatchedGains;
  /** What matching would apply (shown even while it is off). */
  matching: MatchedGains;
}

/** Ref callbacks for the two <audio> elements. */
export interface AbAudioRefs {
  refA: (element: HTMLAudioElement | null) => void;
  refB: (element: HTMLAudioElement | null) => void;
}

/**
 * The A/B player for two versions of a track (`b` null when the track has one): the engine, its
 * state for rendering, and the loudness matching, on unless `asDelivered`.
 */
export function useAbPlayer({
  a,
  b,
  audioUrl,
  hears,
  asDelivered,
  initialSeconds,
}: {
  a: VersionView;
  b: VersionView | null;
  audioUrl: (versionId: number) => string;
  /** What the audio route gives this side: a version plays once that exists. */
  hears: Hears;
  asDelivered: boolean;
  initialSeconds: number | null;
}): { player: AbPlayer; audio: AbAudioRefs } {
  const [engine] = useState(() => {
    const made = new AbEngine();
    if (initialSeconds !== null) made.seek(initialSeconds);
    return made;
  });
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot, () => SERVER_SNAPSHOT);

  const playable = (version: VersionView | null) => (version && playsHere(version, hears) ? version : null);
  const sourceA = playable(a);
  const sourceB = playable(b);
  const urlA = sourceA ? audioUrl(sourceA.id) : null;
  const urlB = sourceB ? audioUrl(sourceB.id) : null;
  useEffect(() => engine.setSource('a', urlA, sourceA?.durationSeconds ?? null), [engine, urlA, sourceA?.durationSeconds]);
  useEffect(() => engine.setSource('b', urlB, sourceB?.durationSeconds ?? null), [engine, urlB, sourceB?.durationSeconds]);

  const matching = useMemo(() => matchedGains(a.loudnessLufs, b?.loudnessLufs ?? null), [a.loudnessLufs, b?.loudnessLufs]);
  const gains = useMemo(() => (asDelivered ? { a: 0, b: 0, matched: false } : matching), [asDelivered, matching]);
  useEffect(() => engine.setGains(gains), [engine, gains]);
  // Without a second version there is nothing to switch to.
  useEffect(() => {
    if (!sourceB && engine.active === 'b') engine.setActive('a');
  }, [engine, sourceB]);

  useEffect(() => {
    engine.retain();
    return () => engine.release();
  }, [engine]);

  const refA = useCallback((element: HTMLAudioElement | null) => engine.attach('a', element), [engine]);
  const refB = useCallback((element: HTMLAudioElement | null) => engine.attach('b', element), [engine]);
  const audio = useMemo(() => ({ refA, refB }), [refA, refB]);
  return { player: { ...snapshot, engine, gains, matching }, audio };
}

export type { Slot };
