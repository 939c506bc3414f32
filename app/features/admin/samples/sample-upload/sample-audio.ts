/**
 * Where the sample's audio file is, as the form and the uploader both read it. One state at a time,
 * so a refused file can never also read "uploaded" (decision 088).
 */
export type SampleAudio =
  | { kind: 'none' }
  /** Parts going up (or paused); `waitingForFile`: restored after a reload without its bytes, to be chosen again. */
  | { kind: 'uploading'; fileName: string; bytesUploaded: number; bytesTotal: number; paused: boolean; waitingForFile?: boolean }
  /** All parts stored; the server is joining them and checking the file. */
  | { kind: 'checking'; fileName: string }
  /** Registered: `audioUrl` is the object path (or, when registration failed for the server's own reasons, the raw upload URL). */
  | { kind: 'ready'; fileName: string; audioUrl: string; registered: boolean }
  /** The file itself cannot be a sample's audio (empty, not audio, too long, too large): choose another. */
  | { kind: 'refused'; fileName: string; message: string }
  /** The upload stopped (connection, server): Retry continues from the stored parts. */
  | { kind: 'failed'; fileName: string; message: string };

export const NO_AUDIO: SampleAudio = { kind: 'none' };

/** What stands between the form and Create, in the words the form shows beside the button. */
export function missingForCreate(title: string, audio: SampleAudio): string[] {
  const missing: string[] = [];
  if (title.trim() === '') missing.push('Add a title');
  switch (audio.kind) {
    case 'none':
    case 'refused':
      missing.push('Choose an audio file');
      break;
    case 'uploading':
      missing.push(audio.paused ? 'Resume the upload' : 'Wait for the upload to finish');
      break;
    case 'checking':
      missing.push('Wait for the file to be checked');
      break;
    case 'failed':
      missing.push('Retry the upload or choose another file');
      break;
    case 'ready':
      break;
  }
  return missing;
}

/** An upload on its way (going up, not paused, or being checked): Create Sample pressed now creates the sample once it is ready. */
export function createsOnceUploaded(audio: SampleAudio): boolean {
  return (audio.kind === 'uploading' && !audio.paused && !audio.waitingForFile) || audio.kind === 'checking' || audio.kind === 'ready';
}
