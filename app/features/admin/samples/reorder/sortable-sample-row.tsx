import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import type { PublicSample } from '#common/samples.ts';
import { cn } from '#app/lib/cn.ts';
import { GenreBadge } from '#app/features/samples/genre-badge.tsx';
import { RowPlayButton } from './row-play-button.tsx';

interface Props {
  sample: PublicSample;
  position: number;
  onDelete: (sample: PublicSample) => void;
}

/** One Reorder row: drag handle (pointer, touch, keyboard), title, artist, genre, play and delete. */
export function SortableSampleRow({ sample, position, onDelete }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sample.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="reorder-row"
      className={cn(
        'flex items-center gap-2 rounded-xl border border-line bg-surface p-2 pr-3 sm:gap-3 sm:p-3',
        isDragging && 'relative z-10 border-accent shadow-2xl shadow-black/60',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${sample.title}, position ${position}`}
        className={cn(
          'grid h-11 w-11 shrink-0 cursor-grab sm:w-9 touch-none place-items-center rounded-md text-fg-subtle active:cursor-grabbing',
          'hover:bg-surface-raised hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        )}
      >
        <GripVertical aria-hidden className="size-5" />
      </button>
      <span aria-hidden className="w-6 shrink-0 text-center text-sm tabular-nums text-fg-subtle">
        {position}
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-fg">{sample.title}</p>
        <div className="mt-0.5 flex min-w-0 items-center gap-2 text-sm text-fg-muted">
          {sample.artist ? <span className="truncate">{sample.artist}</span> : null}
          <GenreBadge genre={sample.genre} />
        </div>
      </div>
      <RowPlayButton audioUrl={sample.audioUrl} title={sample.title} />
      <button
        type="button"
        onClick={() => onDelete(sample)}
        aria-label={`Delete ${sample.title}`}
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-full text-red-300 transition-colors sm:size-10',
          'hover:bg-danger/20 hover:text-red-200',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        )}
      >
        <Trash2 aria-hidden className="size-4" />
      </button>
    </li>
  );
}
