import type { DecodableFormat, DecodeSource } from './analyze.ts';

// Its own module so that the readers of each container (pcm-containers.ts, mpeg-audio.ts) and the
// one that picks among them (container-facts.ts) share the shape without importing each other.

/** What a file's headers say about its audio, and how to decode it. */
export interface ContainerFacts {
  /** `wav`, `aiff`, `flac`, `mp3` (`mp2`, `mp1`), `m4a`, `aac`, `ogg`, `opus`. */
  format: string;
  sampleRate: number | null;
  /** Bits per sample of PCM and lossless audio; null for lossy. */
  bitDepth: number | null;
  channels: number | null;
  /** Lossy audio's bitrate (the average, for variable bitrates); null for PCM and lossless. */
  bitrateKbps: number | null;
  durationSeconds: number | null;
  /** How to decode the samples; null when they are not decoded here (an encoding the decoder lacks, or would hold whole). */
  decode: { format: DecodableFormat; source: DecodeSource } | null;
  /**
   * Bytes of encoded audio, set when the headers' bitrate is only a guess (an MP3's first frame, a
   * compressed WAV's byte rate) or missing (Opus): the decoded length then gives the average.
   */
  encodedBytes?: number;
}
