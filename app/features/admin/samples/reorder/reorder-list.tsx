import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { useRef } from 'react';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { PublicSample } from '#common/samples.ts';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import type { AdminSamplesState } from '#app/features/admin/samples/use-admin-samples.ts';
import { SortableSampleRow } from './sortable-sample-row.tsx';

/** Reorder: each completed drag saves the whole order at once, numbered from 0. */
export function ReorderList({ samples, state }: { samples: PublicSample[]; state: AdminSamplesState }) {
  const sensors = useSensors(
    // Pointer events cover mouse, pen and touch (the handle is touch-action: none, so a finger drags
    // it instead of scrolling); a few pixels of travel first, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const lastOver = useRef<UniqueIdentifier | null>(null);

  if (samples.length === 0) return <EmptyNote>No samples to reorder. Upload some samples first.</EmptyNote>;

  const titleOf = (id: string | number) => samples.find((sample) => sample.id === id)?.title ?? 'sample';
  const positionOf = (id: string | number) => samples.findIndex((sample) => sample.id === id);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${titleOf(active.id)}, at position ${positionOf(active.id)} of ${samples.length - 1}.`;
    },
    // Only real moves are announced (dnd-kit also reports the item being over its own place).
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${titleOf(active.id)} moved to position ${positionOf(over.id)}.` : `${titleOf(active.id)} is not over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled. It stays at position ${positionOf(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = positionOf(active.id);
    const to = positionOf(over.id);
    if (from < 0 || to < 0) return;
    void state.reorder(samples, arrayMove(samples, from, to));
  }

  return (
    <section aria-labelledby="reorder-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h3 id="reorder-heading" className="text-lg font-semibold text-fg">
          Drag and drop to reorder
        </h3>
        <p className="mt-1 text-sm text-fg-muted">First items appear at top of website</p>
        <p className="mt-1 text-sm text-fg-muted">
          This order shows on the Samples page, and its first six in the home page's samples block.
        </p>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To pick up a sample, press Space or Enter. ' +
              'Use the up and down arrow keys to move it, Space or Enter to drop it, or Escape to cancel.',
          },
        }}
      >
        <SortableContext items={samples.map((sample) => sample.id)} strategy={verticalListSortingStrategy}>
          <ol className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {samples.map((sample, index) => (
              <SortableSampleRow key={sample.id} sample={sample} position={index} onDelete={(item) => void state.remove(item)} />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </section>
  );
}
