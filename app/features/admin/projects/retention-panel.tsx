import { useState, type FormEvent } from 'react';
import { RETENTION_DAYS, RETENTION_WARNING_DAYS, type AdminProjectView } from '#common/projects.ts';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { formatDay } from './day-format.ts';
import { SectionCard } from './section-card.tsx';

interface Props {
  project: AdminProjectView;
  /** Null when saved; otherwise the server's message for the date. */
  onSave: (day: string | null) => Promise<string | null>;
}

/**
 * The policy's promise for this project: when its audio files go, and the owner's way to keep them
 * longer. The server knows the earliest day it accepts and says so when refused.
 */
export function RetentionPanel({ project, onSave }: Props) {
  const [day, setDay] = useState(project.retainFilesUntil ?? project.filesExpireAt?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const save = async (value: string | null) => {
    setPending(true);
    const refused = await onSave(value);
    setPending(false);
    setError(refused ?? undefined);
    if (!refused && value === null) setDay('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) return setError('Choose a day');
    void save(day);
  };

  return (
    <SectionCard id="project-retention" title="File retention">
      {project.filesRemovedAt ? (
        <p className="text-sm text-fg-muted">
          The audio files were removed on {formatDay(project.filesRemovedAt)}. The project, its file list and its activity stay.
        </p>
      ) : !project.completedAt ? (
        <p className="text-sm text-fg-muted">
          Audio files are kept until {RETENTION_DAYS} days after the project is marked completed; the client is e-mailed{' '}
          {RETENTION_WARNING_DAYS} days before they go.
        </p>
      ) : (
        <div className="grid gap-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-fg-subtle">Completed</dt>
            <dd className="text-fg">{formatDay(project.completedAt)}</dd>
            <dt className="text-fg-subtle">Files removed on</dt>
            <dd className="text-fg">
              {project.filesExpireAt ? formatDay(project.filesExpireAt) : '–'}
              {project.retainFilesUntil ? <span className="text-fg-muted"> (kept longer by you)</span> : null}
            </dd>
          </dl>
          <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-start">
            <TextField
              id="retain-files-until"
              label="Keep files until"
              type="date"
              value={day}
              onChange={(event) => setDay(event.target.value)}
              error={error}
              disabled={pending}
              className="py-2.5"
            />
            <div className="flex flex-wrap gap-2 sm:mt-7">
              <Button type="submit" size="sm" disabled={pending}>
                {pending ? 'Saving...' : 'Keep files'}
              </Button>
              {project.retainFilesUntil ? (
                <Button variant="ghost" size="sm" disabled={pending} onClick={() => void save(null)}>
                  Use the automatic date
                </Button>
              ) : null}
            </div>
          </form>
        </div>
      )}
    </SectionCard>
  );
}
