import { useState } from 'react';
import type { AdminProjectView } from '#common/projects.ts';
import { LISTENING_BITRATES } from '#common/review.ts';
import { api } from '#app/lib/api.ts';
import { SectionCard } from './section-card.tsx';

const WORDS: Record<(typeof LISTENING_BITRATES)[number], { title: string; hint: string }> = {
  256: { title: '256 kbps', hint: 'Transparent for judging a mix; the default.' },
  320: { title: '320 kbps', hint: 'The most MP3 holds, for mastering clients who judge detail.' },
};

const DESCRIPTION =
  'What the client, their people and review links hear in the review room: an MP3 copy of each version, never your original file. ' +
  'The masters go out as deliveries.';

/**
 * The owner's choice of what the client, collaborators and review links hear (decision 101): an MP3
 * listening copy of each version at 256 or 320 kbps, never the original. A change makes the copies
 * again; each version plays its old copy until its new one is ready.
 */
export function ListeningQuality({ project, onProject }: { project: AdminProjectView; onProject: (project: AdminProjectView) => void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (bitrateKbps: number) => {
    setPending(true);
    const result = await api<{ bitrateKbps: number }>('PUT', `/api/admin/projects/${project.id}/listening-quality`, { bitrateKbps });
    setPending(false);
    setError(result.ok ? null : (result.serverMessage ?? result.message));
    if (result.ok) onProject({ ...project, listeningBitrateKbps: result.data.bitrateKbps });
  };

  return (
    <SectionCard id="project-listening" title="Listening quality" description={DESCRIPTION}>
      <fieldset className="mt-3 grid gap-1" disabled={pending}>
        <legend className="sr-only">Listening copy bitrate</legend>
        {LISTENING_BITRATES.map((kbps) => (
          <label key={kbps} className="flex min-h-11 cursor-pointer items-start gap-3 py-1 text-sm text-fg">
            <input
              type="radio"
              name="listening-bitrate"
              value={kbps}
              checked={project.listeningBitrateKbps === kbps}
              onChange={() => void choose(kbps)}
              className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
            />
            <span>
              <span className="font-medium">{WORDS[kbps].title}</span>
              <span className="block text-fg-muted">{WORDS[kbps].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p role="status" className="mt-2 text-xs text-fg-subtle">
        {pending ? (
          'Saving…'
        ) : error ? (
          <span className="text-red-200">{error}</span>
        ) : (
          'A change makes the copies again; they keep playing meanwhile.'
        )}
      </p>
    </SectionCard>
  );
}
