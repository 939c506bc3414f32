import { Loader2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { ReorderList } from '#app/features/admin/dashboard/reorder/reorder-list.tsx';
import { tabListClasses, tabTriggerClasses } from '#app/features/admin/dashboard/tab-styles.ts';
import { UploadSampleForm } from '#app/features/admin/dashboard/upload/upload-sample-form.tsx';
import { ManageSamplesList } from './manage-samples-list';
import type { AdminSamplesState } from './use-admin-samples';

/** Sample Management: Upload New, Manage Samples and Reorder, with the `{n} samples total` count. */
export function SampleManagementTab({ state }: { state: AdminSamplesState }) {
  const { samples, error } = state;
  const list = samples ? <ManageSamplesList samples={samples} state={state} /> : <ListPending error={error} />;
  return (
    <Tabs.Root defaultValue="upload" className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Tabs.List aria-label="Samples" className={tabListClasses}>
          <Tabs.Trigger value="upload" className={tabTriggerClasses}>
            Upload New
          </Tabs.Trigger>
          <Tabs.Trigger value="manage" className={tabTriggerClasses}>
            Manage Samples
          </Tabs.Trigger>
          <Tabs.Trigger value="reorder" className={tabTriggerClasses}>
            Reorder
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
