import type { AudioFormat } from '#common/audio-format.ts';

/* What the sample audio uploads answer (audio-uploads.ts); server/api/audio-objects.ts turns them into statuses. */

export type DirectUploadOutcome =
  | { kind: 'stored'; size: number }
  /** Not a key this store receives uploads for (or the store takes no uploads itself). */
  | { kind: 'not-found' }
  | { kind: 'invalid-grant' }
  | { kind: 'expired-grant' }
  /** Registered (or being registered), or another PUT with this grant is running. */
  | { kind: 'grant-used' }
  | { kind: 'too-large' }
  /** The body broke off (the client went away or fell idle); the grant still works. */
  | { kind: 'interrupted' };

export type RegistrationOutcome =
  | { kind: 'registered'; objectPath: string; format: AudioFormat; size: number }
  | { kind: 'not-issued' }
  | { kind: 'not-uploaded' }
  /** 0 bytes: nothing to judge, said as such rather than "not audio". */
  | { kind: 'empty' }
  | { kind: 'too-large' }
  | { kind: 'not-audio' }
  | { kind: 'too-long'; seconds: number };

export type RegistrationRefusal = Extract<RegistrationOutcome, { kind: 'empty' | 'too-large' | 'not-audio' | 'too-long' }>;
