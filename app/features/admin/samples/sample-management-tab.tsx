import { Loader2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { ReorderList } from '#app/features/admin/samples/reorder/reorder-list.tsx';
import { tabListClasses, tabTriggerClasses } from '#app/features/admin/dashboard/tab-styles.ts';
import { UploadSampleForm } from '#app/features/admin/samples/sample-upload/upload-sample-form.tsx';
import { cn } from '#app/lib/cn.ts';
import { ManageSamplesList } from './manage-samples-list.tsx';
import { RecentlyDeletedList } from './recently-deleted-list.tsx';
import { usePlayCounts } from './use-play-counts.ts';
import type { AdminSamplesState } from './use-admin-samples.ts';

/**
 * Sample Management: Upload New, Manage Samples (with play counts), Reorder and Recently deleted, with
 * the `{n} samples total` count. Each visit of Manage Samples or Recently deleted reads them afresh.
 */
export function SampleManagementTab({ state }: { state: AdminSamplesState }) {
  const { samples, error, trash } = state;
  const plays = usePlayCounts();
  const list = samples ? <ManageSamplesList samples={samples} state={state} plays={plays.counts} /> : <ListPending error={error} />;
  const onTabChange = (tab: string) => {
    if (tab === 'manage') void plays.refresh();
    if (tab === 'trash') void trash.refresh();
  };
  const deletedCount = trash.items?.length ?? 0;
  return (
    <Tabs.Root defaultValue="upload" onValueChange={onTabChange} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Two rows of two on a phone rather than a list to scroll sideways. */}
        <Tabs.List aria-label="Samples" className={cn(tabListClasses, 'grid grid-cols-2 sm:inline-flex')}>
          <Tabs.Trigger value="upload" className={tabTriggerClasses}>
            Upload New
          </Tabs.Trigger>
          <Tabs.Trigger value="manage" className={tabTriggerClasses}>
            Manage Samples
          </Tabs.Trigger>
          <Tabs.Trigger value="reorder" className={tabTriggerClasses}>
            Reorder
          </Tabs.Trigger>
          <Tabs.Trigger value="trash" className={tabTriggerClasses}>
            Recently deleted{deletedCount > 0 ? ` (${deletedCount})` : ''}
          </Tabs.Trigger>
        </Tabs.List>
        <p className="text-sm text-fg-muted" data-testid="samples-total">
          {samples ? `${samples.length} samples total` : ''}
        </p>
      </div>
      {/* Kept mounted while hidden: switching tabs must not lose the form or cancel an upload. */}
      <Tabs.Content value="upload" forceMount className="focus-visible:outline-none data-[state=inactive]:hidden">
        <UploadSampleForm onCreate={state.create} />
      </Tabs.Content>
      <Tabs.Content value="manage" className="focus-visible:outline-none">
        {list}
      </Tabs.Content>
      <Tabs.Content value="reorder" className="focus-visible:outline-none">
        {samples ? <ReorderList samples={samples} state={state} /> : <ListPending error={error} />}
      </Tabs.Content>
      <Tabs.Content value="trash" className="focus-visible:outline-none">
        <RecentlyDeletedList trash={trash} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ListPending({ error }: { error: string | null }) {
  if (error) {
    return (
      <p role="alert" className="rounded-xl border border-danger/60 bg-danger-surface/50 px-6 py-8 text-center text-red-200">
        Unable to load samples. {error}
      </p>
    );
  }
  return (
    <div role="status" className="flex justify-center py-16">
      <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
      <span className="sr-only">Loading samples...</span>
    </div>
  );
}
