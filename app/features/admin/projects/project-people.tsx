import { useId, useState } from 'react';
import { COLLABORATOR_ROLE_LABELS, COLLABORATOR_ROLES, type CollaboratorRole, type CollaboratorView } from '#common/collaborators.ts';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { cn } from '#app/lib/cn.ts';
import { formatMomentDay } from './day-format.ts';

interface Props {
  clientName: string;
  collaborators: CollaboratorView[];
  onRole: (person: CollaboratorView, role: CollaboratorRole) => Promise<void>;
  onRemove: (person: CollaboratorView) => Promise<boolean>;
}

/** The people the client added to the project: the owner sets each one's role or takes them off. */
export function ProjectPeople({ clientName, collaborators, onRole, onRemove }: Props) {
  const headingId = useId();
  return (
    <div className="grid gap-3 border-t border-line pt-4" aria-labelledby={headingId} role="group">
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          People on this project
        </h4>
        <p className="mt-0.5 text-xs text-fg-subtle">
          {collaborators.length === 0
            ? `${clientName} has not added anyone yet. They can, from their project page.`
            : `Added by ${clientName}; each signs in with their own link.`}
        </p>
      </div>
      {collaborators.length > 0 ? (
        <ul className="grid gap-2">
          {collaborators.map((person) => (
            <PersonRow key={person.id} person={person} onRole={onRole} onRemove={onRemove} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PersonRow({ person, onRole, onRemove }: { person: CollaboratorView } & Pick<Props, 'onRole' | 'onRemove'>) {
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const change = async (role: CollaboratorRole) => {
    setSaving(true);
    await onRole(person, role);
    setSaving(false);
  };
  return (
    <li
      className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-center"
      data-person={person.email}
    >
      <div className="min-w-0">
        <p className="break-all text-sm font-medium text-fg">{person.email}</p>
        <p className="text-xs text-fg-subtle">
          Added {formatMomentDay(person.addedAt)} ·{' '}
          {person.lastSignedInAt ? `last signed in ${formatMomentDay(person.lastSignedInAt)}` : 'not signed in yet'}
        </p>
      </div>
      <label htmlFor={selectId} className="sr-only">
        Role of {person.email}
      </label>
      <select
        id={selectId}
        value={person.role}
        disabled={saving}
        onChange={(event) => void change(event.target.value as CollaboratorRole)}
        className={cn(inputClasses, 'py-2 text-sm sm:w-40')}
      >
        {COLLABORATOR_ROLES.map((role) => (
          <option key={role} value={role}>
            {COLLABORATOR_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <ConfirmDeleteDialog
        trigger="Remove"
        triggerLabel={`Remove ${person.email} from the project`}
        triggerClassName="justify-self-start"
        title={`Remove ${person.email}?`}
        description="They are signed out of this project at once and their links stop working for it. The client can add them again."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        onDelete={() => onRemove(person)}
      />
    </li>
  );
}
