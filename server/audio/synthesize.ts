import { encodeWav } from './wav.ts';

export interface DemoTrackRecipe {
  /** MIDI note numbers of the chord roots, one per bar. */
  progression: number[];
  bpm: number;
  bars: number;
  /** 0 = soft sine pad, 1 = brighter saw-like lead. */
  brightness: number;
  /** Kick on every beat, hats on off-beats. */
  drums: boolean;
}

const SAMPLE_RATE = 22_050;
const midiToHz = (note: number) => 440 * 2 ** ((note - 69) / 12);

function tone(t: number, hz: number, brightness: number): number {
  let value = Math.sin(2 * Math.PI * hz * t);
  // A few odd and even harmonics make a brighter timbre without aliasing at this sample rate.
  for (let harmonic = 2; harmonic <= 5; harmonic++) {
    value += (brightness * Math.sin(2 * Math.PI * hz * harmonic * t)) / harmonic;
  }
  return value / (1 + brightness * 1.3);
}

/**
 * A few bars of original music made from code (chords, a bass line, a simple beat), so a new
 * install has playable demo samples without shipping or downloading audio files.
 */
export function synthesizeDemoTrack(recipe: DemoTrackRecipe, sampleRate = SAMPLE_RATE): Buffer {
  const beatSeconds = 60 / recipe.bpm;
  const barSeconds = beatSeconds * 4;
  const totalSeconds = barSeconds * recipe.bars;
  const frames = Math.floor(totalSeconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  let noiseState = 12345;
  const noise = () => {
    noiseState = (noiseState * 1103515245 + 12345) & 0x7fffffff;
    return noiseState / 0x3fffffff - 1;
  };
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    const bar = Math.floor(t / barSeconds);
    const root = recipe.progression[bar % recipe.progression.length];
    const beatPosition = (t % beatSeconds) / beatSeconds;
    const chord = [0, 4, 7].map((interval, index) => tone(t, midiToHz(root + interval + (index === 2 ? 12 : 0)), recipe.brightness * 0.5));
    const pad = (chord[0] + chord[1] + chord[2]) * 0.12;
    const bass = tone(t, midiToHz(root - 12), 0.2) * 0.25 * Math.exp(-beatPosition * 2);
    const arpNote = root + [0, 4, 7, 12][Math.floor(t / (beatSeconds / 2)) % 4] + 12;
    const arp = tone(t, midiToHz(arpNote), recipe.brightness) * 0.14 * Math.exp(-((t % (beatSeconds / 2)) / (beatSeconds / 2)) * 4);
    let drums = 0;
    if (recipe.drums) {
      const kickTime = t % beatSeconds;
      drums += Math.sin(2 * Math.PI * (55 + 90 * Math.exp(-kickTime * 30)) * kickTime) * Math.exp(-kickTime * 9) * 0.45;
      const hatTime = (t + beatSeconds / 2) % beatSeconds;
      drums += noise() * Math.exp(-hatTime * 60) * 0.08;
    }
    const fade = Math.min(1, t / 0.05, (totalSeconds - t) / 0.4);
    const mono = (pad + bass + drums) * fade;
    // The arpeggio sits slightly right and the pad slightly left: a little stereo width.
    left[i] = mono * 1.05 + arp * 0.8 * fade;
    right[i] = mono * 0.95 + arp * 1.2 * fade;
  }
  return encodeWav([left, right], sampleRate);
}
