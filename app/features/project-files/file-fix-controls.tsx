import { useState, type ReactNode } from 'react';
import { CLIENT_FILE_CATEGORIES, CLIENT_FILE_CATEGORY_LABELS, type ClientFileCategory, type ProjectFileView } from '#common/projects.ts';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { cn } from '#app/lib/cn.ts';

/*
 * Fixing a client's file, the same in the admin and the portal: a category chosen again in its row,
 * and a removal that asks first. Each resolves true once the server took the change.
 */

/**
 * The look of the form fields (form-field.tsx), sized for a table row: a finger's height on phones
 * (16 px text, or iOS zooms in on focus), a button's height from the small breakpoint up.
 */
const rowSelectClasses = cn(
  'h-11 max-w-full rounded-lg border border-line-strong bg-ink pl-3 pr-8 text-base text-fg sm:h-9 sm:text-sm',
  'transition-colors hover:border-fg-subtle',
  'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
  'disabled:opacity-60',
);

interface CategorySelectProps {
  file: ProjectFileView;
  onChange: (file: ProjectFileView, category: ClientFileCategory) => Promise<boolean>;
  className?: string;
}

/** The file's category as a select: the choice shows at once, and goes back if the server refuses it. */
export function FileCategorySelect({ file, onChange, className }: CategorySelectProps) {
  const [chosen, setChosen] = useState<ClientFileCategory | null>(null);
  const change = async (category: ClientFileCategory) => {
    setChosen(category);
    await onChange(file, category);
    setChosen(null);
  };
  return (
    <select
      aria-label={`Category of ${file.name}`}
      value={chosen ?? file.category}
      disabled={chosen !== null}
      onChange={(event) => void change(event.target.value as ClientFileCategory)}
      className={cn(rowSelectClasses, className)}
    >
      {CLIENT_FILE_CATEGORIES.map((value) => (
        <option key={value} value={value}>
          {CLIENT_FILE_CATEGORY_LABELS[value]}
        </option>
      ))}
    </select>
  );
}

interface RemoveProps {
  file: ProjectFileView;
  /** What removing means for the one who reads it. */
  description: ReactNode;
  onRemove: (file: ProjectFileView) => Promise<boolean>;
}

/** Remove, after a confirmation naming the file. */
export function RemoveFileButton({ file, description, onRemove }: RemoveProps) {
  return (
    <ConfirmDeleteDialog
      trigger="Remove"
      triggerLabel={`Remove ${file.name}`}
      title={`Remove ${file.name}?`}
      description={description}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      onDelete={() => onRemove(file)}
    />
  );
}
