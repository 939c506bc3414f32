import { Ban, CheckCircle2, Send } from 'lucide-react';
import { useState } from 'react';
import type { CollaboratorRole, CollaboratorView } from '#common/collaborators.ts';
import { SIGN_IN_LINK_DAYS, type AdminProjectView } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { formatMomentDay } from './day-format.ts';
import { ProjectPeople } from './project-people.tsx';
import { SectionCard } from './section-card.tsx';

interface Props {
  project: AdminProjectView;
  onInvite: () => Promise<void>;
  onRevoke: () => Promise<boolean>;
  onRole: (person: CollaboratorView, role: CollaboratorRole) => Promise<void>;
  onRemovePerson: (person: CollaboratorView) => Promise<boolean>;
}

const LINKS_STOP = 'Their links stop working; inviting again gives access back.';

/** Whether the client can sign in to the portal, the two actions that change it, and the people the client added. */
export function ClientAccess({ project, onInvite, onRevoke, onRole, onRemovePerson }: Props) {
  const [sending, setSending] = useState(false);
  const revoked = project.accessRevokedAt !== null;
  const invited = project.invitedAt !== null && !revoked;

  const invite = async () => {
    setSending(true);
    await onInvite();
    setSending(false);
  };

  const status = revoked ? (
    <p className="flex items-center gap-2 text-sm text-red-300">
      <Ban aria-hidden className="size-4 shrink-0" />
      Access revoked {formatMomentDay(project.accessRevokedAt!)}
    </p>
  ) : invited ? (
    <p className="flex items-center gap-2 text-sm text-green-300">
      <CheckCircle2 aria-hidden className="size-4 shrink-0" />
      Invited {formatMomentDay(project.invitedAt!)}
    </p>
  ) : (
    <p className="text-sm text-fg-muted">Not invited yet.</p>
  );

  return (
    <SectionCard
      id="project-access"
      title="Client access"
      description={`A sign-in link goes to ${project.clientEmail}; it works once, within ${SIGN_IN_LINK_DAYS} days.`}
    >
      <div className="grid gap-4">
        <div aria-live="polite">{status}</div>
        <div className="flex flex-wrap items-center gap-2">
          <Button onClick={() => void invite()} disabled={sending} variant={invited ? 'secondary' : 'primary'} size="sm">
            <Send aria-hidden className="size-4" />
            {sending ? 'Sending...' : invited ? 'Send a new link' : revoked ? 'Invite again' : 'Invite client'}
          </Button>
          {invited ? (
            <ConfirmDeleteDialog
              trigger="Revoke access"
              triggerLabel={`Revoke access for ${project.clientName}`}
              title="Revoke the client's access?"
              description={`${project.clientName} and the people they added are signed out at once. ${LINKS_STOP}`}
              confirmLabel="Revoke access"
              pendingLabel="Revoking..."
              onDelete={onRevoke}
            />
          ) : null}
        </div>
        <ProjectPeople clientName={project.clientName} collaborators={project.collaborators} onRole={onRole} onRemove={onRemovePerson} />
      </div>
    </SectionCard>
  );
}
