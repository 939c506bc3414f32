import { Plus, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { TrackView } from '#common/review.ts';
import { Button } from '#app/components/ui/button.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { failureText } from './comment-actions.ts';
import { ReviewTracksList } from './review-tracks-list.tsx';
import { ShareReviewLink } from './share-review-link.tsx';
import { UploadVersion } from './upload-version.tsx';

/**
 * The studio's tracks of a project, for its admin page: add a track, upload a track's next version
 * (one uploader at a time, under the list), and open each review room. `onChanged` asks the page to
 * read the project again (a new track, a version registered).
 *
 *   <AdminTracksPanel projectId={project.id} tracks={project.tracks} onChanged={reload} />
 */
export function AdminTracksPanel({ projectId, tracks, onChanged }: { projectId: number; tracks: TrackView[]; onChanged: () => void }) {
  const [uploadingFor, setUploadingFor] = useState<number | null>(null);
  const target = tracks.find((track) => track.id === uploadingFor) ?? null;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            Tracks and review
          </h2>
          <p className="text-sm text-fg-muted">Each track gets numbered versions the client listens to, compares and comments on.</p>
        </div>
      </div>
      <ReviewTracksList
        projectId={projectId}
        tracks={tracks}
        side="manage"
        actions={(track) => (
          <>
            <ShareReviewLink projectId={projectId} track={track} />
            <Button
              size="sm"
              variant={uploadingFor === track.id ? 'primary' : 'ghost'}
              aria-pressed={uploadingFor === track.id}
              onClick={() => setUploadingFor(uploadingFor === track.id ? null : track.id)}
            >
              <Upload aria-hidden className="size-4" />
              Upload version<span className="sr-only">: {track.title}</span>
            </Button>
          </>
        )}
      />
      {target ? (
        <div className="grid gap-3 rounded-xl border border-line bg-surface p-4" data-uploading-for={target.id}>
          <h3 className="font-semibold text-fg">New version of {target.title}</h3>
          <UploadVersion
            // One uploader at a time: another track's is a new one (the previous pauses, resumable later).
            key={target.id}
            projectId={projectId}
            trackId={target.id}
            nextNumber={Math.max(0, ...target.versions.map((version) => version.number)) + 1}
            onUploaded={onChanged}
            initiallyOpen
          />
        </div>
      ) : null}
      <AddTrackForm projectId={projectId} onAdded={onChanged} />
    </section>
  );
}

function AddTrackForm({ projectId, onAdded }: { projectId: number; onAdded: () => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setError('Name the track');
    setPending(true);
    const result = await api<TrackView>('POST', `/api/admin/projects/${projectId}/tracks`, { title });
    setPending(false);
    if (!result.ok) return setError(result.errors.title?.[0] ?? failureText(result));
    setTitle('');
    setError(null);
    onAdded();
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-start gap-3">
      <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-sm">
        <label htmlFor={id} className="sr-only">
          New track title
        </label>
        <input
          id={id}
          value={title}
          maxLength={120}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="Track title, e.g. Midnight Drive"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClasses, 'py-2.5 text-sm')}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" disabled={pending}>
        <Plus aria-hidden className="size-4" />
        {pending ? 'Adding…' : 'Add track'}
      </Button>
    </form>
  );
}
