import { Users } from 'lucide-react';
import { COLLABORATOR_ROLE_HINTS, COLLABORATOR_ROLE_LABELS, type ProjectAccess } from '#common/collaborators.ts';

/** A collaborator's reminder of what their role lets them do here; nothing for the invited client. */
export function CollaboratorNote({ access }: { access: ProjectAccess }) {
  if (access === 'client') return null;
  const role = COLLABORATOR_ROLE_LABELS[access].toLowerCase();
  return (
    <p role="note" data-access={access} className="flex gap-3 rounded-xl border border-line bg-surface p-4 text-sm text-fg-muted">
      <Users aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
      <span>
        You&apos;re here as a collaborator (<strong className="text-fg">{role}</strong>): you can {COLLABORATOR_ROLE_HINTS[access]}. To do
        more, ask the client who added you or the studio.
      </span>
    </p>
  );
}
