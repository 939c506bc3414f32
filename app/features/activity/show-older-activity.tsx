import { Loader2 } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import type { ActivityPages } from './use-activity-pages.ts';

/** Focus lands on an entry the list just gained: a ring for the keyboard, nothing for a click. */
export const ACTIVITY_ENTRY_FOCUS =
  'rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-accent ' +
  'focus-visible:ring-offset-4 focus-visible:ring-offset-surface';

/** Below a project's log: "Show older" while there is more, and what happened, said to a screen reader. */
export function ShowOlderActivity({ pages }: { pages: ActivityPages }) {
  const { nextBefore, state, showOlder } = pages;
  const loading = state.kind === 'loading';
  const end = nextBefore === null ? ': this is the start of the log' : '';
  const said = state.kind === 'loaded' ? `${state.added} older ${state.added === 1 ? 'entry' : 'entries'} shown${end}` : '';
  return (
    <>
      <p role="status" className="sr-only">
        {said}
      </p>
      {nextBefore !== null || state.kind === 'failed' ? (
        <div className="mt-4 grid justify-items-start gap-2">
          {nextBefore !== null ? (
            <Button variant="secondary" size="sm" aria-disabled={loading} onClick={() => void showOlder()}>
              {loading ? <Loader2 aria-hidden className="size-4 animate-spin motion-reduce:animate-none" /> : null}
              {loading ? 'Loading older entries…' : 'Show older'}
            </Button>
          ) : null}
          {state.kind === 'failed' ? (
            <p role="alert" className="text-sm text-red-200">
              Older entries did not load ({state.message}). Try again in a moment.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
