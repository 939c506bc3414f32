import type { PublicSample } from '#common/samples.ts';

/** The editable text fields of the upload form and the Edit Sample dialog. */
export interface SampleFields {
  title: string;
  artist: string;
  genre: string;
  duration: string;
  description: string;
}

export const EMPTY_FIELDS: SampleFields = { title: '', artist: '', genre: '', duration: '', description: '' };

export interface SamplePayload {
  title: string;
  audioUrl: string;
  artist?: string;
  genre?: string;
  description?: string;
  duration?: string;
  coverImageUrl?: string;
}

/** POST/PUT body: empty optional fields are left out rather than sent as empty text. */
export function toPayload(fields: SampleFields, audioUrl: string, coverImageUrl?: string | null): SamplePayload {
  const payload: SamplePayload = { title: fields.title.trim(), audioUrl };
  for (const key of ['artist', 'genre', 'description', 'duration'] as const) {
    const value = fields[key].trim();
    if (value) payload[key] = value;
  }
  if (coverImageUrl) payload.coverImageUrl = coverImageUrl;
  return payload;
}

export function fieldsOf(sample: PublicSample): SampleFields {
  return {
    title: sample.title,
    artist: sample.artist ?? '',
    genre: sample.genre ?? '',
    duration: sample.duration ?? '',
    description: sample.description ?? '',
  };
}
