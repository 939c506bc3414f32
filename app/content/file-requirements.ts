import { MAX_PEAK_DBFS, MIN_BIT_DEPTH as MIN_BITS, MIN_LOSSY_KBPS, MIN_SAMPLE_RATE_HZ } from '#common/file-rules.ts';

/**
 * What clients send us: the "Preparing Your Project" section of the home page. The numbers come
 * from common/file-rules.ts, which the checks of uploaded project files read too; the copy around
 * them reads from these strings.
 */
export const PREFERRED_FORMATS = 'WAV or AIFF';
export const MIN_BIT_DEPTH = `${MIN_BITS}-bit`;
export const MIN_SAMPLE_RATE = `${MIN_SAMPLE_RATE_HZ / 1000}kHz`;
export const MIN_MP3_BITRATE = `${MIN_LOSSY_KBPS}kbps`;
export const MAX_PEAK_DB = `${MAX_PEAK_DBFS}dB`;

export interface ChecklistGroup {
  title: string;
  items: string[];
}

/** The Essential Requirements checklist. */
export const ESSENTIAL_REQUIREMENTS: ChecklistGroup[] = [
  {
    title: 'File Preparation',
    items: [
      `${PREFERRED_FORMATS} files preferred`,
      'Export every track from the same start point (bar 1, beat 1)',
      'Label each file clearly: instrument or vocal part, song name',
      `MP3 only if no source files exist, at ${MIN_MP3_BITRATE} minimum`,
    ],
  },
  {
    title: 'Technical Specifications',
    items: [
      `${MIN_BIT_DEPTH}/${MIN_SAMPLE_RATE} minimum`,
      `Peaks must not exceed ${MAX_PEAK_DB}`,
      'No limiting or normalising on the master bus',
      'Same sample rate and length for every track',
    ],
  },
];

export const VOCAL_GUIDELINES: string[] = [
  'Separate dry vocal tracks: lead, doubles, ad-libs and harmonies each on their own',
  'No reverb, delay or tuning printed on the files; send a reference with your effects if they are part of the sound',
  'Keep breaths and room noise: we clean them with care rather than cutting blindly',
  `Leave headroom: vocal peaks below ${MAX_PEAK_DB}`,
];

export const INSTRUMENTAL_GUIDELINES: string[] = [
  'Send the beat as stems (drums, bass, keys, melodies, FX) rather than a single two-track where possible',
  'All tracks start at the same time point, even if a part comes in later',
  'Tell us the tempo (BPM) and key of the song',
  'If you only have a two-track beat, send the highest-quality version you have',
];

export const PRO_TIPS: string[] = [
  'Include a reference track or two: songs whose sound you love',
  'Add a rough mix so we hear your vision and the vibe you are after',
  'Write short notes on anything specific: a line that must cut through, an effect you want kept',
  'Zip your files into one folder per song and name it after the song',
];
