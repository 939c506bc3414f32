import type { ProjectStatus } from '#common/project-lifecycle.ts';

/** What the current status means for the client, in one sentence: what happens next and who acts. */
export const STATUS_EXPLANATIONS: Record<ProjectStatus, string> = {
  awaiting_files: 'We are waiting for your files. Upload your stems, a reference track or two and any notes below.',
  in_progress: 'We are working on your song. You can still add files or notes if something was missing.',
  in_review: 'A version is ready for you to review. Listen on your usual systems and tell us what you hear.',
  revisions: 'We are working through your feedback.',
  delivered: 'Your final files are ready to download below.',
  completed: 'This project is complete. Thank you for working with us.',
  archived: 'This project is archived.',
};
