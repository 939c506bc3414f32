/**
 * Listening past this many seconds in one play session counts as one play. On its own (no zod):
 * every public player imports it, and the schemas of common/samples.ts must not ride along.
 */
export const PLAY_COUNT_THRESHOLD_SECONDS = 5;
