import { detectAudioFormat, SIGNATURE_BYTES } from './audio-format.ts';

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * What a client may send into a project: audio in any common container, or a ZIP of it (stems are
 * often sent zipped). Judged by the first bytes, never by the name. The studio's own deliveries are
 * not checked: the owner sends whatever the client asked for. Pure, so the browser judges a file
 * before sending it and the server judges it again (the browser's word is never trusted).
 */
export function isAcceptedClientFile(head: Uint8Array): boolean {
  if (detectAudioFormat(head)) return true;
  if (head.length < 4) return false;
  const magic = ascii(head, 0, 4);
  if (magic === 'RF64' || magic === 'BW64' || magic === 'OggS') return true;
  if (magic === 'FORM' && head.length >= 12 && ['AIFF', 'AIFC'].includes(ascii(head, 8, 4))) return true;
  // A ZIP: a local file header, or the end record of an empty archive.
  return head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06));
}

/**
 * Why a client's file is refused by its bytes: the same words in the browser (before any byte is
 * sent), at the first part (local store) and at registration.
 */
export const NOT_ACCEPTED_FILE = 'This file is not audio or a ZIP of audio files. Send WAV, AIFF, FLAC, MP3, M4A, AAC, OGG, Opus or ZIP.';

export { SIGNATURE_BYTES };
