import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PublicSample } from '#common/samples.ts';
import { Button } from '#app/components/ui/button.tsx';
import { FULL_WAVEFORM_HEIGHT } from '#app/features/samples/player-constants.ts';
import { GenreBadge } from '#app/features/samples/genre-badge.tsx';
import { SamplePlayer } from '#app/features/samples/waveform-player.tsx';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { DemoBadge, DemoHint } from './demo-sample-note.tsx';
import { EditSampleDialog } from './edit-sample-dialog.tsx';
import { PlayCountLine } from './play-count-line.tsx';
import type { AdminSamplesState } from './use-admin-samples.ts';
import type { PlayCounts } from './use-play-counts.ts';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { roleMay } from '#common/staff-roles.ts';

/** Manage Samples: every sample with its plays, its player, Edit (modal) and Delete (immediate, to Recently deleted). */
export function ManageSamplesList({ samples, state, plays }: { samples: PublicSample[]; state: AdminSamplesState; plays: PlayCounts }) {
  const [editing, setEditing] = useState<PublicSample | null>(null);
  // The front desk edits samples but deletes no audio (common/staff-roles.ts).
  const mayDelete = roleMay(useStaffRole() ?? undefined, 'samples.delete');
  if (samples.length === 0) return <EmptyNote>No samples uploaded yet</EmptyNote>;
  return (
    <>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-4">
        {samples.map((sample) => (
          <li key={sample.id}>
            <article aria-labelledby={`manage-sample-${sample.id}`} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
              <div className="flex flex-wrap items-start justify-between gap-3">
                {/* At least 12rem for the text: on a phone the buttons move below rather than squeezing it. */}
                <div className="min-w-48 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 id={`manage-sample-${sample.id}`} className="break-words text-lg font-semibold text-fg">
                      {sample.title}
                    </h3>
                    {sample.isDemo ? <DemoBadge /> : null}
                    <GenreBadge genre={sample.genre} />
                    {sample.duration ? <span className="text-xs tabular-nums text-fg-subtle">{sample.duration}</span> : null}
                  </div>
                  {sample.artist ? <p className="mt-1 text-sm text-fg-muted">by {sample.artist}</p> : null}
                  {sample.description ? <p className="mt-2 max-w-3xl text-sm leading-relaxed text-fg-muted">{sample.description}</p> : null}
                  <PlayCountLine count={plays ? (plays.get(sample.id) ?? { total: 0, recent: 0 }) : null} />
                  {sample.isDemo ? <DemoHint /> : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setEditing(sample)} aria-label={`Edit ${sample.title}`}>
                    <Pencil aria-hidden className="size-4" />
                    Edit
                  </Button>
                  {mayDelete ? (
                    <Button variant="destructive" size="sm" onClick={() => void state.remove(sample)} aria-label={`Delete ${sample.title}`}>
                      <Trash2 aria-hidden className="size-4" />
                      Delete
                    </Button>
                  ) : null}
                </div>
              </div>
              {/* The owner's own listening is not a play (the server would ignore it anyway). */}
              <SamplePlayer sample={sample} countPlays={false} height={FULL_WAVEFORM_HEIGHT} className="mt-4" />
            </article>
          </li>
        ))}
      </ul>
      {editing ? <EditSampleDialog key={editing.id} sample={editing} onSave={state.update} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
