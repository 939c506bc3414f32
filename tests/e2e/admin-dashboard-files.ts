/** A real PCM WAV (16-bit mono, 8 kHz) with a sine tone, made by code so the test needs no fixture files. */
export function makeWav(seconds: number, frequency = 440): Buffer {
  const sampleRate = 8000;
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    // A fade in and out so the waveform has a visible shape.
    const envelope = Math.min(1, i / 2000, (samples - i) / 2000);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 20000 * envelope), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A valid MPEG-1 Layer III stream of silence (no MP3 encoder is installed, so the frames are built
 * by hand): each frame is a 128 kbit/s, 44.1 kHz mono header, zeroed side information (every granule
 * holds zero bits of main data, which decoders read as silence) and zero padding to the frame length.
 * 1152 samples per frame, so 115 frames are about 3 seconds.
 */
export function makeSilentMp3(frames = 115): Buffer {
  const frameLength = Math.floor((144 * 128_000) / 44_100); // 417 bytes, no padding bit
  const frame = Buffer.alloc(frameLength);
  frame[0] = 0xff; // frame sync
  frame[1] = 0xfb; // sync, MPEG-1, Layer III, no CRC
  frame[2] = 0x90; // 128 kbit/s, 44.1 kHz, no padding
  frame[3] = 0xc0; // mono
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/**
 * A FLAC file that is only its STREAMINFO header, declaring `seconds` of 44.1 kHz stereo 16-bit audio:
 * enough for the server to judge its length (and refuse it) without any audio in it.
 */
export function makeFlacHeaderOnly(seconds: number): Buffer {
  const sampleRate = 44_100;
  const totalSamples = seconds * sampleRate;
  const info = Buffer.alloc(4 + 34);
  info[0] = 0x80; // last metadata block, STREAMINFO
  info.writeUIntBE(34, 1, 3);
  info.writeUInt16BE(4096, 4);
  info.writeUInt16BE(4096, 6);
  info[14] = (sampleRate >> 12) & 0xff;
  info[15] = (sampleRate >> 4) & 0xff;
  info[16] = ((sampleRate & 0x0f) << 4) | (1 << 1); // 2 channels; bits per sample - 1 = 15 starts here
  info[17] = 0xf0 | Math.floor(totalSamples / 2 ** 32);
  info.writeUInt32BE(totalSamples % 2 ** 32, 18);
  return Buffer.concat([Buffer.from('fLaC', 'latin1'), info]);
}
