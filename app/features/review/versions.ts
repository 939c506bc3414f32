import type { TrackView, VersionView } from '#common/review.ts';

export const versionLabel = (version: Pick<VersionView, 'number'>) => `v${version.number}`;

/** What a side's player gets from the audio route (ReviewApi's `hears`). */
export type Hears = 'original' | 'listening-copy';

/**
 * Whether the version plays for this side now: the owner's room plays the original once it is
 * measured; the client's, a collaborator's and a review link's play the listening copy once it exists.
 */
export function playsHere(version: VersionView, hears: Hears): boolean {
  if (version.removedAt) return false;
  return hears === 'original' ? version.analysisState === 'done' : version.listening.state === 'ready';
}

/** Whether the version will play here once the server has finished with it (the room asks again meanwhile). */
export function preparingHere(version: VersionView, hears: Hears): boolean {
  if (version.removedAt) return false;
  return version.analysisState === 'pending' || (hears === 'listening-copy' && version.listening.state === 'preparing');
}

/** The track's versions, newest first. */
export const newestFirst = (track: TrackView) => [...track.versions].sort((a, b) => b.number - a.number);

export const newestOf = (track: TrackView): VersionView | null => newestFirst(track)[0] ?? null;

/**
 * The pair the A/B player opens with: A is the asked-for version (an e-mail's link names it by its
 * number on the track, as the e-mail's words do) or the newest, B
 * the one just before A, or just after when A is the first. B is null for a track of one version.
 */
export function initialPair(track: TrackView, wantedNumber: number | null): { a: number | null; b: number | null } {
  const versions = newestFirst(track);
  const index = Math.max(
    0,
    versions.findIndex((version) => version.number === wantedNumber),
  );
  const a = versions[index] ?? null;
  const b = versions[index + 1] ?? versions[index - 1] ?? null;
  return { a: a?.id ?? null, b: b?.id ?? null };
}

/** The version that came before this one, whose open comments are "to check". */
export function previousOf(track: TrackView, version: VersionView): VersionView | null {
  return newestFirst(track).find((other) => other.number < version.number) ?? null;
}
