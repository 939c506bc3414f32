import { Loader2, Monitor } from 'lucide-react';
import type { StaffSession } from '#common/staff-sessions.ts';
import { Button } from '#app/components/ui/button.tsx';
import { useSessions } from './use-sessions.ts';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const shown = (at: string) => when.format(new Date(at));

function SessionRow({ session, onEnd }: { session: StaffSession; onEnd: (session: StaffSession) => void }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4"
      data-session-id={session.id}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Monitor aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-fg">
            <span>{session.device}</span>
            {session.current ? (
              <span className="rounded-full border border-emerald-400/40 px-2 py-0.5 text-xs font-medium text-emerald-300">
                This session
              </span>
            ) : null}
          </p>
          <p className="text-sm text-fg-muted">From {session.place}</p>
          <p className="text-sm text-fg-muted">
            Signed in {shown(session.createdAt)} · last seen {shown(session.lastSeenAt)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onEnd(session)}
          aria-label={`End the session of ${session.device}, last seen ${shown(session.lastSeenAt)}`}
        >
          End
        </Button>
      )}
    </li>
  );
}

/**
 * A person's sessions: each browser signed in, from where (the address shortened), since when and
 * last seen; "End" signs that browser out at its next request. Without `person`, the signed-in
 * person's own, with "End all others"; with it, the owner's view of someone on the staff.
 */
export function SessionsList({ person }: { person?: number }) {
  const state = useSessions(person);
  if (state.error) {
    return (
      <p role="alert" className="font-medium text-red-400">
        {state.error}
      </p>
    );
  }
  if (state.sessions === null) {
    return (
      <p role="status" className="flex items-center gap-2 text-fg-muted">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading sessions...
      </p>
    );
  }
  const others = state.sessions.filter((session) => !session.current).length;
  return (
    <div className="grid gap-4" data-sessions-loaded="">
      {state.sessions.length === 0 ? <p className="text-sm text-fg-muted">No one is signed in as them right now.</p> : null}
      <ul aria-label="Sessions" className="grid gap-3">
        {state.sessions.map((session) => (
          <SessionRow key={session.id} session={session} onEnd={(chosen) => void state.end(chosen)} />
        ))}
      </ul>
      {person === undefined && others > 0 ? (
        <div className="flex justify-end">
          <Button variant="destructive" size="sm" onClick={() => void state.endOthers()}>
            End all others
          </Button>
        </div>
      ) : null}
    </div>
  );
}
