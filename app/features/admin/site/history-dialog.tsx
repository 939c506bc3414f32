import { ArrowLeft, Loader2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import type { SectionVersionSummary, SiteSection, StoredSection } from '#common/site-content/sections.ts';
import { Button } from '#app/components/ui/button.tsx';
import { DialogCloseButton } from '#app/components/ui/dialog-parts.tsx';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { FieldsPreview } from './fields-preview.tsx';
import { RestoreOriginal, VersionChanges } from './version-changes.tsx';
import type { SectionChange } from '#common/site-content/section-diff.ts';
import { SECTION_LABELS, formatSavedAt } from './section-meta.ts';
import type { SectionForm } from './use-section-form.ts';

type Viewing = { version: number; stored: StoredSection<SiteSection> | null; diff: VersionDiff | null; error: string | null };
type VersionDiff = { from: number; changes: SectionChange[] };

const SUMMARY =
  'cursor-pointer rounded text-sm font-semibold text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

interface Props {
  form: SectionForm;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStored: (stored: StoredSection<SiteSection>) => void;
}

/**
 * A section's history: every saved version (who, when), one of them read-only, and restoring it
 * (after a confirmation) as a new version, which the form then shows.
 */
export function HistoryDialog({ form, open, onOpenChange, onStored }: Props) {
  const label = SECTION_LABELS[form.section];
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="pr-10 text-xl font-bold text-fg">{label} history</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">
            Every save is kept. Restoring a version saves its values again as the newest version, so nothing is lost.
          </Dialog.Description>
          {/* Mounted only while open: each opening reads the history afresh. */}
          <HistoryBody form={form} onClose={() => onOpenChange(false)} onStored={onStored} />
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function HistoryBody({ form, onClose, onStored }: { form: SectionForm; onClose: () => void; onStored: Props['onStored'] }) {
  const label = SECTION_LABELS[form.section];
  const base = `/api/admin/site/${form.section}/versions`;
  const [versions, setVersions] = useState<SectionVersionSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);

  useEffect(() => {
    let live = true;
    void api<SectionVersionSummary[]>('GET', base).then((result) => {
      if (!live) return;
      if (result.ok) setVersions(result.data);
      else setListError(result.message);
    });
    return () => {
      live = false;
    };
  }, [base]);

  async function view(version: number) {
    setConfirming(false);
    setViewing({ version, stored: null, diff: null, error: null });
    const [result, diff] = await Promise.all([
      api<StoredSection<SiteSection>>('GET', `${base}/${version}`),
      api<VersionDiff>('GET', `${base}/${version}/diff`),
    ]);
    setViewing({
      version,
      stored: result.ok ? result.data : null,
      diff: diff.ok ? diff.data : null,
      error: result.ok ? null : result.message,
    });
  }

  /** A version, or the original text (version null), saved again as the newest version. */
  async function restore(version: number | null) {
    setRestoring(true);
    const url = version === null ? `/api/admin/site/${form.section}/restore-original` : `${base}/${version}/restore`;
    const result = await api<StoredSection<SiteSection>>('POST', url);
    setRestoring(false);
    if (!result.ok) {
      toast({ title: 'Not restored', description: result.serverMessage ?? result.message, variant: 'destructive' });
      return;
    }
    form.reset(result.data);
    onStored(result.data);
    onClose();
    const what = version === null ? 'the original text' : `version ${version}`;
    toast({ title: 'Restored', description: `${label} is back to ${what}, saved as version ${result.data.version}.` });
  }

  return (
    <div className="mt-6">
      {viewing ? (
        <VersionView
          viewing={viewing}
          dirty={form.dirty}
          confirming={confirming}
          restoring={restoring}
          onBack={() => setViewing(null)}
          onAsk={() => setConfirming(true)}
          onCancel={() => setConfirming(false)}
          onRestore={() => void restore(viewing.version)}
        />
      ) : (
        <div className="grid gap-5">
          <VersionList versions={versions} error={listError} current={form.base.version} onView={(version) => void view(version)} />
          {form.base.version > 0 ? <RestoreOriginal dirty={form.dirty} restoring={restoring} onRestore={() => void restore(null)} /> : null}
        </div>
      )}
    </div>
  );
}

function VersionList({
  versions,
  error,
  current,
  onView,
}: {
  versions: SectionVersionSummary[] | null;
  error: string | null;
  current: number;
  onView: (version: number) => void;
}) {
  if (error)
    return (
      <p role="alert" className="text-sm text-red-300">
        Unable to load the history. {error}
      </p>
    );
  if (!versions) return <Pending label="Loading the history..." />;
  if (versions.length === 0) return <p className="text-sm text-fg-muted">Never saved yet: the site shows the defaults.</p>;
  return (
    <ol className="grid gap-2" aria-label="Versions, newest first">
      {versions.map((entry) => (
        <li
          key={entry.version}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-ink/40 px-4 py-3"
        >
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-fg">
              Version {entry.version}
              {entry.version === current ? (
                <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent">current</span>
              ) : null}
            </p>
            <p className="text-fg-muted">
              {formatSavedAt(entry.updatedAt)} by {entry.updatedBy ?? 'a removed admin'}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="max-sm:h-11"
            onClick={() => onView(entry.version)}
            aria-label={`View version ${entry.version}`}
          >
            View
          </Button>
        </li>
      ))}
    </ol>
  );
}

interface ViewProps {
  viewing: Viewing;
  dirty: boolean;
  confirming: boolean;
  restoring: boolean;
  onBack: () => void;
  onAsk: () => void;
  onCancel: () => void;
  onRestore: () => void;
}

function VersionView({ viewing, dirty, confirming, restoring, onBack, onAsk, onCancel, onRestore }: ViewProps) {
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" className="max-sm:h-11" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4" />
          All versions
        </Button>
        {viewing.stored && !confirming ? (
          <Button size="sm" className="max-sm:h-11" onClick={onAsk}>
            Restore version {viewing.version}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="restore-confirm-title"
          aria-describedby="restore-confirm-text"
          className="grid gap-3 rounded-xl border border-accent/60 bg-accent-soft p-4 text-sm"
        >
          <p id="restore-confirm-title" className="font-semibold text-fg">
            Restore version {viewing.version}?
          </p>
          <p id="restore-confirm-text" className="text-fg-muted">
            Its values become the newest version and show on the site at once.
            {dirty ? ' Your unsaved edits in this section will be replaced.' : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" className="max-sm:h-11" onClick={onRestore} disabled={restoring} autoFocus>
              {restoring ? 'Restoring...' : 'Restore'}
            </Button>
            <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={onCancel} disabled={restoring}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <h3 className="text-base font-semibold text-fg">Version {viewing.version}</h3>
      {viewing.error ? (
        <p role="alert" className="text-sm text-red-300">
          Unable to load this version. {viewing.error}
        </p>
      ) : null}
      {viewing.diff ? <VersionChanges changes={viewing.diff.changes} from={viewing.diff.from} /> : null}
      {viewing.stored ? (
        <details className="group">
          <summary className={SUMMARY}>Every field of version {viewing.version}</summary>
          <div className="mt-3">
            <FieldsPreview fields={viewing.stored as unknown as Record<string, unknown>} />
          </div>
        </details>
      ) : viewing.error ? null : (
        <Pending label="Loading the version..." />
      )}
    </div>
  );
}

function Pending({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
      <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      {label}
    </p>
  );
}
