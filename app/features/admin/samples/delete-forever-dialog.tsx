import { Trash2 } from 'lucide-react';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';

/** Removing a sample from the trash cannot be undone, so it asks first. */
export function DeleteForeverDialog({ title, onDelete }: { title: string; onDelete: () => Promise<boolean> }) {
  return (
    <ConfirmDeleteDialog
      trigger={
        <>
          <Trash2 aria-hidden className="size-4" />
          Delete forever
        </>
      }
      triggerLabel={`Delete forever: ${title}`}
      triggerClassName="h-11 sm:h-9"
      title="Delete this sample forever?"
      description={`${title} and its audio file will be removed for good. This cannot be undone.`}
      confirmLabel="Delete forever"
      onDelete={onDelete}
    />
  );
}
