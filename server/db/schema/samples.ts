import type { Generated, Selectable } from 'kysely';
import type { Timestamp } from './timestamp.ts';

export interface SamplesTable {
  id: Generated<number>;
  title: string;
  artist: string | null;
  genre: string | null;
  description: string | null;
  audioUrl: string;
  coverImageUrl: string | null;
  duration: string | null;
  displayOrder: Generated<number>;
  durationSeconds: number | null;
  /** Encoded peaks (common/peaks.ts), '' when analysed without a waveform, null until analysed. */
  peaks: string | null;
  /** 1 for a sample the demo seed made (until its audio is replaced); the admin badges it. */
  isDemo: Generated<number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Set while the sample is in the admin's trash: hidden everywhere public, removed for good 30 days later. */
  deletedAt: string | null;
  /**
   * The streaming copy the public players get (decision 087): its upload key (the original's own
   * key when the original is served as it is), size and type; null until the analysis made one.
   */
  streamKey: string | null;
  streamSize: number | null;
  streamContentType: string | null;
}

/** Plays per sample and UTC day (`YYYY-MM-DD`); nothing about who listened. */
export interface SamplePlaysDailyTable {
  sampleId: number;
  day: string;
  count: number;
}

/** The samples portfolio (server/samples). */
export interface SampleTables {
  samples: SamplesTable;
  samplePlaysDaily: SamplePlaysDailyTable;
}

export type Sample = Selectable<SamplesTable>;
