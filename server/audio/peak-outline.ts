/** Points of a waveform outline, as the players draw it (stored compact, see common/peaks.ts). */
export const PEAK_COUNT = 1000;
const FALLBACK_BLOCK_FRAMES = 256;
/** Blocks kept before neighbours are merged: a file of unknown length cannot grow the list without end. */
const MAX_BLOCKS = 8 * PEAK_COUNT;

/** Max-pools a list of block maxima down to at most `count` values. */
function poolTo(values: number[], count: number): number[] {
  if (values.length <= count) return values;
  const pooled: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = Math.floor((i * values.length) / count);
    const to = Math.max(from + 1, Math.floor(((i + 1) * values.length) / count));
    let max = 0;
    for (let j = from; j < to; j++) if (values[j] > max) max = values[j];
    pooled.push(max);
  }
  return pooled;
}

/**
 * A waveform outline of streamed audio: the loudest sample of each block of frames, blocks sized
 * from the expected length so that about PEAK_COUNT of them cover the file, then max-pooled to
 * PEAK_COUNT and scaled so the loudest is 1. When the length is not known, blocks start small and
 * pairs are merged whenever MAX_BLOCKS pile up, so memory stays bounded however long the audio runs.
 */
export class PeakOutline {
  private blockFrames: number;
  private readonly blocks: number[] = [];
  private blockMax = 0;
  private blockFilled = 0;

  constructor(expectedFrames: number | null) {
    this.blockFrames = expectedFrames ? Math.max(1, Math.floor(expectedFrames / PEAK_COUNT)) : FALLBACK_BLOCK_FRAMES;
  }

  push(channels: readonly Float32Array[]): void {
    const frames = channels[0]?.length ?? 0;
    for (let from = 0; from < frames;) {
      const to = Math.min(frames, from + this.blockFrames - this.blockFilled);
      let max = this.blockMax;
      for (const channel of channels) {
        for (let frame = from; frame < to; frame++) {
          const value = Math.abs(channel[frame]);
          if (value > max) max = value;
        }
      }
      this.blockMax = max;
      this.blockFilled += to - from;
      from = to;
      if (this.blockFilled === this.blockFrames) this.closeBlock();
    }
  }

  /** Normalised 0..1 (the loudest is 1; all zero for silence); null when no audio came. */
  peaks(): number[] | null {
    const blocks = this.blockFilled > 0 ? [...this.blocks, this.blockMax] : this.blocks;
    if (blocks.length === 0) return null;
    const pooled = poolTo(blocks, PEAK_COUNT);
    const loudest = Math.max(...pooled);
    // Not rounded: the stored form quantises to 1/255 (common/peaks.ts).
    return pooled.map((value) => (loudest > 0 ? value / loudest : 0));
  }

  private closeBlock(): void {
    this.blocks.push(this.blockMax);
    this.blockMax = 0;
    this.blockFilled = 0;
    if (this.blocks.length < MAX_BLOCKS) return;
    for (let pair = 0; pair < MAX_BLOCKS / 2; pair++) this.blocks[pair] = Math.max(this.blocks[2 * pair], this.blocks[2 * pair + 1]);
    this.blocks.length = MAX_BLOCKS / 2;
    this.blockFrames *= 2;
  }
}
