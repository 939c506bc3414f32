import type { TrackView, VersionView } from '#common/review.ts';

export const versionLabel = (version: Pick<VersionView, 'number'>) => `v${version.number}`;

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
