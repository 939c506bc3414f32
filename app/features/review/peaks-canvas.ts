import { BAR_GAP, BAR_WIDTH } from '#app/features/samples/player-constants.ts';

/**
 * Draws stored peaks (0..1) as bars, the same look as the sample players' wavesurfer waveform, on a
 * canvas sized to its box at the screen's pixel density. Each bar is the loudest peak of its span.
 */
export function drawPeaks(canvas: HTMLCanvasElement, peaks: Float32Array | null, color: string): void {
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  context.fillStyle = color;
  if (!peaks || peaks.length === 0) {
    // Not measured (yet): a flat line where the waveform will be.
    context.fillRect(0, height / 2 - 0.5, width, 1);
    return;
  }
  const step = BAR_WIDTH + BAR_GAP;
  const bars = Math.max(1, Math.floor(width / step));
  const middle = height / 2;
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar / bars) * peaks.length);
    const to = Math.max(from + 1, Math.floor(((bar + 1) / bars) * peaks.length));
    let loudest = 0;
    for (let index = from; index < to && index < peaks.length; index++) loudest = Math.max(loudest, peaks[index]!);
    const barHeight = Math.max(1, loudest * height);
    context.fillRect(bar * step, middle - barHeight / 2, BAR_WIDTH, barHeight);
  }
}
