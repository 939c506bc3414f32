import type { ProjectStatus } from '#common/project-lifecycle.ts';

/** What the current status means for the client, in one sentence: what happens next and who acts. */
export const STATUS_EXPLANATIONS: Record<ProjectStatus, string> = {
  awaiting_files: 'We are waiting for your files. Upload your stems, a reference track or two and any notes below.',
  in_progress: 'We are working on your song. You can still add files or notes if something was missing.',
  in_review: 'A version is ready for you to review. Listen on your usual systems and tell us what you hear.',
  revisions: 'We are working through your feedback.',
  approved:
    'You approved every track, thank you. We are preparing your masters now; they will appear under Deliveries as soon as they are ready.',
  delivered: 'Your final files are ready to download below.',
  completed: 'This project is complete. Thank you for working with us.',
  archived: 'This project is archived.',
};

/**
 * The sentence for the page as it is: "ready to download below" only when a delivery is there to
 * download (the studio may mark a project delivered before adding its files, or remove one), and
 * not while the downloads wait for payment (`locked`).
 */
export function statusExplanation(status: ProjectStatus, downloadable: number, locked = false): string {
  if (status === 'delivered' && downloadable === 0) return 'Your project is delivered. Your files will appear under Deliveries below.';
  if (status === 'delivered' && locked) return 'Your final files are ready. They open for download as soon as the balance is paid.';
  return STATUS_EXPLANATIONS[status];
}
