// The studio's rules for the audio a client sends, as numbers: the home page's requirements list
// (the process section's defaults, common/site-content/default-process.ts) writes them out, and the project file warnings
// (project-file-warnings.ts) check uploads against them. Plain constants, no imports.

/** Bits per sample of PCM (WAV, AIFF) and lossless files. */
export const MIN_BIT_DEPTH = 24;
export const MIN_SAMPLE_RATE_HZ = 48_000;
/** MP3 and other lossy files, when there is no source file to send. */
export const MIN_LOSSY_KBPS = 320;
/** The loudest sample a stem may reach, leaving headroom for the mix. */
export const MAX_PEAK_DBFS = -6;
/** Stems of one song are exported over the same span; lengths further apart than this do not line up. */
export const MAX_STEM_LENGTH_DIFFERENCE_SECONDS = 0.05;
