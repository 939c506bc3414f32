import { useState } from 'react';
import { changeSentence, type SectionChange } from '#common/site-content/section-diff.ts';
import { Button } from '#app/components/ui/button.tsx';

/** What a version changed, one sentence per field ("Opening hours › Monday › Opens: 9:00 AM → 10:00 AM"). */
export function VersionChanges({ changes, from }: { changes: SectionChange[]; from: number }) {
  return (
    <section aria-labelledby="version-changes-title" className="grid gap-2">
      <h4 id="version-changes-title" className="text-sm font-semibold text-fg">
        What changed {from === 0 ? 'from the original text' : `since version ${from}`}
      </h4>
      {changes.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing: saved as it was.</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {changes.map((change) => (
            <li
              key={`${change.path}-${change.kind}`}
              className="rounded-lg border border-line bg-ink/60 px-3 py-2 text-fg [overflow-wrap:anywhere]"
            >
              {changeSentence(change)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Restore the original": the shipped text saved again as the newest version, after a confirmation. */
export function RestoreOriginal({ dirty, restoring, onRestore }: { dirty: boolean; restoring: boolean; onRestore: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="secondary" size="sm" className="justify-self-start max-sm:h-11" onClick={() => setAsking(true)}>
        Restore the original
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby="original-confirm-title"
      aria-describedby="original-confirm-text"
      className="grid gap-3 rounded-xl border border-accent/60 bg-accent-soft p-4 text-sm"
    >
      <p id="original-confirm-title" className="font-semibold text-fg">
        Restore the original text?
      </p>
      <p id="original-confirm-text" className="text-fg-muted">
        The site's shipped values become the newest version and show at once; your versions stay in the history.
        {dirty ? ' Your unsaved edits in this section will be replaced.' : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" className="max-sm:h-11" onClick={onRestore} disabled={restoring} autoFocus>
          {restoring ? 'Restoring...' : 'Restore the original'}
        </Button>
        <Button variant="secondary" size="sm" className="max-sm:h-11" onClick={() => setAsking(false)} disabled={restoring}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
