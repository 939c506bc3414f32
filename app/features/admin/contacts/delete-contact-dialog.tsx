import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import type { ContactSubmission } from './contact-types.ts';

/** Deleting a message cannot be undone, so it asks first. */
export function DeleteContactDialog({ submission, onDelete }: { submission: ContactSubmission; onDelete: () => Promise<boolean> }) {
  return (
    <ConfirmDeleteDialog
      trigger="Delete"
      triggerLabel={`Delete the message from ${submission.name}`}
      triggerClassName="max-sm:h-11"
      title="Delete this submission?"
      description={`The message from ${submission.name} (${submission.email}) will be removed for good.`}
      confirmLabel="Delete"
      onDelete={onDelete}
    />
  );
}
