import { parseBuffer, parseStream } from 'music-metadata';
import { Readable } from 'node:stream';
import { silentFlac } from '#server/test-support/silent-flac.ts';
import { testWav } from '#server/test-support/test-audio.ts';
// CBR mp3: MPEG1 layer III 128 kbps 44.1k stereo frame: header FF FB 90 64 (wait 0x90 = 128kbps,44.1k), length 417
const frame = Buffer.alloc(417); frame[0]=0xff; frame[1]=0xfb; frame[2]=0x90; frame[3]=0x64;
const mp3 = Buffer.concat(Array.from({length: 2000}, () => frame));
// ADTS AAC frame: 44.1k, stereo, frame length 200
const adts = Buffer.alloc(200); adts[0]=0xff; adts[1]=0xf1; adts[2]=(1<<6)|(4<<2)|0; adts[3]=(2<<6)|((200>>11)&3); adts[4]=(200>>3)&0xff; adts[5]=((200&7)<<5)|0x1f; adts[6]=0xfc;
const aac = Buffer.concat(Array.from({length: 2000}, () => adts));
for (const [name, buf, mime] of [['flac', silentFlac({seconds: 10, declaredSeconds: 3*3600}), 'audio/flac'], ['wav', testWav(4), 'audio/wav'], ['mp3', mp3, 'audio/mpeg'], ['aac', aac, 'audio/aac']] as const) {
  try {
    const m = await parseBuffer(new Uint8Array(buf), { mimeType: mime, size: buf.length }, { duration: false, skipCovers: true });
    console.log(name, m.format.duration, m.format.container, m.format.codec);
  } catch (e) { console.log(name, 'err', (e as Error).message); }
}
