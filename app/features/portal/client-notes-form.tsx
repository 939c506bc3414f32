import { useId, useState, type FormEvent } from 'react';
import { useActionData } from 'react-router';
import { PROJECT_LIMITS, type PortalProjectView } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FormField, inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import type { NotesActionData } from './portal-pages.server.ts';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * "Notes for the studio": saved with PATCH /api/portal/projects/:id, or without JavaScript posted to
 * the page, whose action runs the same rules.
 */
export function ClientNotesForm({ project, onSaved }: { project: PortalProjectView; onSaved: (project: PortalProjectView) => void }) {
  const fromAction = useActionData<NotesActionData>();
  const [notes, setNotes] = useState(fromAction?.status === 'invalid' ? fromAction.clientNotes : (project.clientNotes ?? ''));
  const [status, setStatus] = useState<Status>(
    fromAction?.status === 'saved'
      ? { kind: 'saved' }
      : fromAction?.status === 'invalid'
        ? { kind: 'error', message: fromAction.message }
        : { kind: 'idle' },
  );
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: 'saving' });
    const answer = await api<PortalProjectView>('PATCH', `/api/portal/projects/${project.id}`, { clientNotes: notes });
    if (answer.ok) {
      setStatus({ kind: 'saved' });
      onSaved(answer.data);
    } else {
      setStatus({
        kind: 'error',
        message: answer.errors.clientNotes?.[0] ?? answer.serverMessage ?? 'Your notes could not be saved. Try again.',
      });
    }
  }

  const changed = notes !== (project.clientNotes ?? '');
  return (
    <section aria-labelledby="notes-heading" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="notes-heading" className="text-lg font-semibold text-fg">
        Notes for the studio
      </h2>
      <form method="post" onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3">
        <FormField
          id={`${id}-notes`}
          label={<span className="sr-only">Notes for the studio</span>}
          hint="Tempo and key, the vibe you are after, anything a file cannot say."
          error={status.kind === 'error' ? status.message : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              name="clientNotes"
              rows={6}
              maxLength={PROJECT_LIMITS.clientNotes}
              value={notes}
              onChange={(event) => {
                setNotes(event.target.value);
                if (status.kind === 'saved') setStatus({ kind: 'idle' });
              }}
              className={cn(inputClasses, 'min-h-32 resize-y')}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" size="sm" disabled={status.kind === 'saving'}>
            {status.kind === 'saving' ? 'Saving…' : 'Save notes'}
          </Button>
          <p role="status" className="text-sm text-fg-muted">
            {status.kind === 'saved' && !changed ? 'Saved. The studio sees your notes.' : ''}
          </p>
        </div>
      </form>
    </section>
  );
}
