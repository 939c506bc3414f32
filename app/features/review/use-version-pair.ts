import { useState } from 'react';
import type { TrackView } from '#common/review.ts';
import type { Slot } from './ab-slots.ts';
import { initialPair, newestFirst } from './versions.ts';

/**
 * The two versions being compared (A and B), as the listener chose them: a version that left the
 * track falls back to the newest, and B is never the same as A.
 */
export function useVersionPair(track: TrackView, initialTrack: TrackView, initialVersionNumber: number | null) {
  const [pair, setPair] = useState(() => initialPair(initialTrack, initialVersionNumber));
  const versions = newestFirst(track);
  const a = versions.find((version) => version.id === pair.a) ?? versions[0] ?? null;
  const b =
    versions.find((version) => version.id === pair.b && version.id !== a?.id) ?? versions.find((version) => version.id !== a?.id) ?? null;
  const choose = (slot: Slot, id: number) =>
    setPair(() => {
      const other = slot === 'a' ? b?.id : a?.id;
      const mine = slot === 'a' ? (a?.id ?? null) : (b?.id ?? null);
      // Choosing the other side's version swaps the two.
      if (id === other) return slot === 'a' ? { a: id, b: mine } : { a: mine, b: id };
      return slot === 'a' ? { a: id, b: b?.id ?? null } : { a: a?.id ?? null, b: id };
    });
  return { versions, a, b, choose, comparePair: setPair };
}
