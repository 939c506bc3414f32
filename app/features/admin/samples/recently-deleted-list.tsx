import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { SAMPLE_TRASH_RETENTION_DAYS, type TrashedSample } from '#common/samples.ts';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyNote } from '#app/features/admin/dashboard/empty-note.tsx';
import { DeleteForeverDialog } from './delete-forever-dialog.tsx';
import type { SampleTrashState } from './use-sample-trash.ts';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { roleMay } from '#common/staff-roles.ts';

// In the viewer's own locale and time zone (the list is fetched in the browser, never rendered on the server).
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Recently deleted: each trashed sample with when it went, when it goes for good, Restore and Delete forever. */
export function RecentlyDeletedList({ trash }: { trash: SampleTrashState }) {
  const { items, error } = trash;
  return (
    <section aria-labelledby="recently-deleted-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div>
        <h3 id="recently-deleted-heading" className="text-lg font-semibold text-fg">
          Recently deleted
        </h3>
        <p className="mt-1 text-sm text-fg-muted">
          Deleted samples can be restored to their place for {SAMPLE_TRASH_RETENTION_DAYS} days. After that they are removed for good, with
          their audio.
        </p>
      </div>
      {error ? (
        <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
          Unable to load deleted samples. {error}
        </p>
      ) : items === null ? (
        <p role="status" className="text-sm text-fg-muted">
          Loading deleted samples...
        </p>
      ) : items.length === 0 ? (
        <EmptyNote>No recently deleted samples</EmptyNote>
      ) : (
        <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
          {items.map((item) => (
            <TrashedSampleRow key={item.id} item={item} trash={trash} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TrashedSampleRow({ item, trash }: { item: TrashedSample; trash: SampleTrashState }) {
  const [restoring, setRestoring] = useState(false);
  // Deleting for good is audio deletion: not the front desk's (common/staff-roles.ts).
  const role = useStaffRole();
  const titleId = `trashed-sample-${item.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 sm:px-5"
    >
      <div className="min-w-48 flex-1">
        <h4 id={titleId} className="break-words font-semibold text-fg">
          {item.title}
        </h4>
        {item.artist ? <p className="text-sm text-fg-muted">by {item.artist}</p> : null}
        <p className="mt-1 text-sm text-fg-muted">
          Deleted <time dateTime={item.deletedAt}>{dateTime.format(new Date(item.deletedAt))}</time>
          <span aria-hidden> · </span>
          <span className="whitespace-nowrap">
            Removed for good on <time dateTime={item.purgeAt}>{date.format(new Date(item.purgeAt))}</time>
          </span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          size="sm"
          className="h-11 sm:h-9"
          disabled={restoring}
          aria-label={`Restore ${item.title}`}
          onClick={async () => {
            setRestoring(true);
            await trash.restore(item.id);
            setRestoring(false);
          }}
        >
          <RotateCcw aria-hidden className="size-4" />
          {restoring ? 'Restoring...' : 'Restore'}
        </Button>
        {roleMay(role ?? undefined, 'samples.delete') ? (
          <DeleteForeverDialog title={item.title} onDelete={() => trash.deleteForever(item.id)} />
        ) : null}
      </div>
    </li>
  );
}
