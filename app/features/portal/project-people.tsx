import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  COLLABORATOR_ROLE_HINTS,
  COLLABORATOR_ROLE_LABELS,
  COLLABORATOR_ROLES,
  MAX_COLLABORATORS,
  type CollaboratorRole,
  type CollaboratorView,
} from '#common/collaborators.ts';
import { MAX_EMAIL_LENGTH } from '#common/email-address.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDeleteDialog } from '#app/components/ui/confirm-delete-dialog.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';

type Status = { kind: 'idle' } | { kind: 'adding' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * "People on this project": the invited client adds the band, the manager or the label by e-mail,
 * each with a role; each gets their own sign-in link. `onChanged` reads the project again.
 */
export function ProjectPeople({
  projectId,
  collaborators,
  onChanged,
}: {
  projectId: number;
  collaborators: CollaboratorView[];
  onChanged: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CollaboratorRole>('comment');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = useId();
  const full = collaborators.length >= MAX_COLLABORATORS;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: 'adding' });
    const answer = await api<CollaboratorView>('POST', `/api/portal/projects/${projectId}/collaborators`, { email, role });
    if (!answer.ok) {
      setStatus({ kind: 'error', message: answer.errors.email?.[0] ?? answer.serverMessage ?? 'They could not be added. Try again.' });
      return;
    }
    const known = collaborators.some((person) => person.id === answer.data.id);
    setStatus({
      kind: 'done',
      message: known
        ? `${answer.data.email} is already on the project.`
        : `Added. An invitation with a sign-in link is on its way to ${answer.data.email}.`,
    });
    setEmail('');
    await onChanged();
  }

  async function remove(person: CollaboratorView) {
    const answer = await api('DELETE', `/api/portal/projects/${projectId}/collaborators/${person.id}`);
    if (!answer.ok) {
      setStatus({ kind: 'error', message: answer.serverMessage ?? 'They could not be taken off. Try again.' });
      return false;
    }
    setStatus({ kind: 'done', message: `${person.email} is off the project.` });
    await onChanged();
    return true;
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-line bg-surface p-5 sm:p-6" data-people>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-fg">
        People on this project
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Add your band, your manager or your label. Each gets their own sign-in link; only you send files and notes.
      </p>
      {collaborators.length > 0 ? (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
          {collaborators.map((person) => (
            <li key={person.id} data-person={person.email} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="break-all font-medium text-fg">{person.email}</p>
                <p className="mt-0.5 text-sm text-fg-subtle">
                  <span className="text-fg-muted">{COLLABORATOR_ROLE_LABELS[person.role]}</span> ·{' '}
                  {person.lastSignedInAt ? (
                    <>
                      last signed in <LocalDateTime iso={person.lastSignedInAt} />
                    </>
                  ) : (
                    'invited, not signed in yet'
                  )}
                </p>
              </div>
              <ConfirmDeleteDialog
                trigger="Remove"
                triggerLabel={`Remove ${person.email} from the project`}
                title={`Remove ${person.email}?`}
                description="They lose access to this project at once. You can add them again later."
                confirmLabel="Remove"
                pendingLabel="Removing..."
                onDelete={() => remove(person)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={(event) => void add(event)} className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-start">
        <FormField
          id={`${id}-email`}
          label="E-mail"
          error={status.kind === 'error' ? status.message : undefined}
          hint={full ? `A project can have up to ${MAX_COLLABORATORS} people besides you.` : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="email"
              required
              autoComplete="off"
              maxLength={MAX_EMAIL_LENGTH}
              placeholder="name@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (status.kind !== 'adding') setStatus({ kind: 'idle' });
              }}
              className={cn(inputClasses, 'py-2.5')}
            />
          )}
        </FormField>
        <FormField id={`${id}-role`} label="Role" hint={COLLABORATOR_ROLE_HINTS[role]}>
          {(control) => (
            <select
              {...control}
              value={role}
              onChange={(event) => setRole(event.target.value as CollaboratorRole)}
              className={cn(inputClasses, 'py-2.5')}
            >
              {COLLABORATOR_ROLES.map((option) => (
                <option key={option} value={option}>
                  {COLLABORATOR_ROLE_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button type="submit" size="sm" className="sm:mt-7 sm:h-11" disabled={status.kind === 'adding' || full}>
          <UserPlus aria-hidden className="size-4" />
          {status.kind === 'adding' ? 'Adding…' : 'Add'}
        </Button>
      </form>
      <p role="status" className="mt-2 min-h-5 text-sm text-fg-muted">
        {status.kind === 'done' ? status.message : ''}
      </p>
    </section>
  );
}
