// Sizes, volume steps and timings of the sample players.
export const DEFAULT_VOLUME = 0.7;
export const VOLUME_STEP = 0.1;
export const BAR_WIDTH = 2;
export const BAR_GAP = 1;
export const FEATURED_WAVEFORM_HEIGHT = 50;
export const FULL_WAVEFORM_HEIGHT = 80;
export const DECODE_SAMPLE_RATE = 8000;
export const KEYBOARD_SEEK_SECONDS = 5;
export const FEATURED_FETCH_DELAY_MS = 100;
