/** Audio formats accepted for samples, recognised by their first bytes rather than a file name. */
export type AudioFormat = 'mp3' | 'wav' | 'aiff' | 'm4a' | 'aac' | 'flac';

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
};

/** Bytes needed to tell the formats apart. */
export const SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

export function detectAudioFormat(head: Uint8Array): AudioFormat | null {
  if (head.length < 4) return null;
  if (ascii(head, 0, 3) === 'ID3') return 'mp3';
  if (ascii(head, 0, 4) === 'fLaC') return 'flac';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return 'wav';
  if (head.length >= 12 && ascii(head, 0, 4) === 'FORM' && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) return 'aiff';
  if (head.length >= 8 && ascii(head, 4, 4) === 'ftyp') return 'm4a';
  // Frame sync: 11 set bits. Layer bits 00 mark ADTS (AAC); layers I-III are MPEG audio (MP3).
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0) {
    const layer = (head[1] >> 1) & 0x03;
    const version = (head[1] >> 3) & 0x03;
    if (layer === 0 && (head[1] & 0xf6) === 0xf0) return 'aac';
    if (layer !== 0 && version !== 1) return 'mp3';
  }
  return null;
}
