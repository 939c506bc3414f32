import { Copy, TriangleAlert } from 'lucide-react';
import type { AnalysisState, ProjectFileView } from '#common/projects.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import {
  formatChannels,
  formatDuration,
  formatLoudness,
  formatPeak,
  formatResolution,
  formatSampleRate,
  formatSize,
  NONE,
} from './format.ts';

/** The measured facts of one file, by column, in the order the table shows them. */
export function fileFacts(file: ProjectFileView) {
  const analysis = file.analysis;
  return [
    { label: 'Size', value: formatSize(file.size) },
    { label: 'Length', value: formatDuration(analysis?.durationSeconds ?? null) },
    { label: 'Sample rate', value: formatSampleRate(analysis?.sampleRate ?? null) },
    { label: 'Bit depth', value: formatResolution(analysis?.bitDepth ?? null, analysis?.bitrateKbps ?? null) },
    { label: 'Channels', value: formatChannels(analysis?.channels ?? null) },
    { label: 'Peak', value: formatPeak(analysis?.peakDbfs ?? null) },
    { label: 'Loudness', value: formatLoudness(analysis?.loudnessLufs ?? null) },
  ];
}

const STATE_WORDS: Record<AnalysisState, string> = {
  pending: 'Checking…',
  done: 'Checked',
  'not-audio': 'Stored (not audio)',
  failed: 'Could not read the audio',
};

export function AnalysisStateLabel({ file }: { file: ProjectFileView }) {
  if (file.removedAt) return <span className="text-fg-subtle">Removed</span>;
  const state = file.analysisState;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 whitespace-nowrap',
        state === 'pending' && 'text-accent',
        state === 'done' && 'text-green-300',
        state === 'not-audio' && 'text-fg-muted',
        state === 'failed' && 'text-red-300',
      )}
    >
      {state === 'pending' ? <span aria-hidden className="size-2 animate-pulse rounded-full bg-accent" /> : null}
      {STATE_WORDS[state]}
    </span>
  );
}

/** The first 10 hex digits, with the whole checksum in the title and a button that copies it. */
export function ShortChecksum({ file }: { file: ProjectFileView }) {
  if (!file.sha256) return <span className="text-fg-subtle">{file.analysisState === 'pending' ? 'Computing…' : NONE}</span>;
  const sha = file.sha256;
  async function copy() {
    try {
      await navigator.clipboard.writeText(sha);
      toast({ title: 'Checksum copied', description: `SHA-256 of ${file.name}` });
    } catch {
      toast({ title: 'Could not copy', description: sha, variant: 'destructive' });
    }
  }
  return (
    <span className="inline-flex items-center gap-1">
      <code title={sha} className="font-mono text-xs text-fg-muted">
        {sha.slice(0, 10)}…
      </code>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy the SHA-256 of ${file.name}`}
        title="Copy the full SHA-256"
        className={cn(
          'grid size-8 place-items-center rounded-md text-fg-subtle hover:bg-surface-raised',
          'hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        )}
      >
        <Copy aria-hidden className="size-3.5" />
      </button>
    </span>
  );
}

export function WarningList({ warnings, className }: { warnings: string[]; className?: string }) {
  if (warnings.length === 0) return null;
  return (
    <ul className={cn('grid gap-1.5', className)}>
      {warnings.map((warning) => (
        <li key={warning} className="flex gap-2 text-sm text-amber-200">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>{warning}</span>
        </li>
      ))}
    </ul>
  );
}
