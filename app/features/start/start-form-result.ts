import type { ProjectRequestAnswer } from '#common/project-requests.ts';
import type { FieldErrors } from '#common/validation.ts';

/** What the start page's form holds as typed (the songs as text, as a form sends them). */
export interface StartFormValues {
  songs: string;
  extras: string[];
  name: string;
  email: string;
  note: string;
}

/** What a post of the start page's form came back with: asked (the confirmation), or refused with what was typed. */
export type StartFormResult =
  | { status: 'requested'; answer: Extract<ProjectRequestAnswer, { kind: 'requested' }> }
  | { status: 'refused'; message: string; errors: FieldErrors; values: StartFormValues };
