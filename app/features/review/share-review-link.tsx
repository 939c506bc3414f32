import { Check, Copy, Link2, LockKeyhole } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { REVIEW_LINK_MAX_DAYS, REVIEW_LINK_PASSWORD_MIN, type CreatedReviewLink, type ReviewLinkView } from '#common/review-links.ts';
import type { TrackView } from '#common/review.ts';
import { Button } from '#app/components/ui/button.tsx';
import { DialogCloseButton } from '#app/components/ui/dialog-parts.tsx';
import { inputClasses } from '#app/components/ui/form-field.tsx';
import { formatMomentDay } from '#app/features/admin/projects/day-format.ts';
import { api } from '#app/lib/api.ts';
import { cn } from '#app/lib/cn.ts';
import { toast } from '#app/lib/toast.ts';
import { failureText } from './comment-actions.ts';
import { WatermarkChoice } from './watermark-choice.tsx';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `YYYY-MM-DD` of a moment in the viewer's own calendar. */
const localDay = (time: number) => {
  const date = new Date(time);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

/**
 * "Share for review" on a track (decision 082): a link anyone can open to stream the track and
 * comment, with an optional password and expiry; the dialog shows the new link once, with Copy, and
 * lists the track's links with how much each was used and a way to turn each off.
 */
export function ShareReviewLink({ projectId, track }: { projectId: number; track: TrackView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost">
          <Link2 aria-hidden className="size-4" />
          Share for review<span className="sr-only">: {track.title}</span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl border border-line bg-surface p-6 shadow-2xl focus:outline-none',
          )}
        >
          <Dialog.Title className="pr-10 text-xl font-bold text-fg">Share “{track.title}” for review</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-fg-muted">
            Anyone with the link can stream this track and comment under a name they type. They hear a listening copy (MP3, the project’s
            listening quality), never your original file, and see nothing else of the project.
          </Dialog.Description>
          {open ? <ShareBody projectId={projectId} trackId={track.id} /> : null}
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ShareBody({ projectId, trackId }: { projectId: number; trackId: number }) {
  const path = `/api/admin/projects/${projectId}/tracks/${trackId}/review-links`;
  const [links, setLinks] = useState<ReviewLinkView[] | null>(null);
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  // Bumped after a change: the list is read again.
  const [reads, setReads] = useState(0);
  const load = () => setReads((count) => count + 1);
  useEffect(() => {
    let live = true;
    void api<{ links: ReviewLinkView[] }>('GET', path).then((result) => {
      if (live && result.ok) setLinks(result.data.links);
    });
    return () => {
      live = false;
    };
  }, [path, reads]);

  return (
    <div className="mt-6 grid gap-6">
      {created ? (
        <NewLink url={created.url} onAnother={() => setCreated(null)} />
      ) : (
        <CreateForm
          path={path}
          onCreated={(link) => {
            setCreated(link);
            load();
          }}
        />
      )}
      <LinkList path={path} links={links} onChanged={load} />
    </div>
  );
}

function CreateForm({ path, onCreated }: { path: string; onCreated: (link: CreatedReviewLink) => void }) {
  const [password, setPassword] = useState('');
  const [day, setDay] = useState('');
  const [watermark, setWatermark] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [today] = useState(() => Date.now());
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password && password.length < REVIEW_LINK_PASSWORD_MIN) {
      return setError(`A password needs at least ${REVIEW_LINK_PASSWORD_MIN} characters, or leave it empty.`);
    }
    // The link stays open through the whole chosen day, in the owner's own calendar.
    const expiresAt = day ? new Date(`${day}T23:59:59`).toISOString() : null;
    setPending(true);
    const result = await api<CreatedReviewLink>('POST', path, { password: password || null, expiresAt, watermark });
    setPending(false);
    if (!result.ok) return setError(result.errors.password?.[0] ?? result.errors.expiresAt?.[0] ?? failureText(result));
    setError(null);
    onCreated(result.data);
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-password`} className="text-sm font-medium text-fg">
            Password <span className="font-normal text-fg-subtle">(optional)</span>
          </label>
          <input
            id={`${id}-password`}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={password}
            maxLength={200}
            onChange={(event) => setPassword(event.target.value)}
            className={cn(inputClasses, 'py-2.5 text-sm')}
          />
          <p className="text-xs text-fg-subtle">Send it separately from the link.</p>
        </div>
        <div className="grid content-start gap-1.5">
          <label htmlFor={`${id}-expiry`} className="text-sm font-medium text-fg">
            Open until <span className="font-normal text-fg-subtle">(optional)</span>
          </label>
          <input
            id={`${id}-expiry`}
            type="date"
            value={day}
            min={localDay(today)}
            max={localDay(today + (REVIEW_LINK_MAX_DAYS - 1) * DAY_MS)}
            onChange={(event) => setDay(event.target.value)}
            className={cn(inputClasses, 'py-2.5 text-sm [color-scheme:dark]')}
          />
          <p className="text-xs text-fg-subtle">Empty: until you turn it off.</p>
        </div>
      </div>
      <WatermarkChoice checked={watermark} onChange={setWatermark} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="justify-self-start">
        <Link2 aria-hidden className="size-4" />
        {pending ? 'Making the link…' : 'Make a review link'}
      </Button>
    </form>
  );
}

function NewLink({ url, onAnother }: { url: string; onAnother: () => void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: 'Link copied', description: 'Paste it in a message to the listener.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <div className="grid gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4">
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        Your new review link
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(inputClasses, 'min-w-0 flex-1 py-2.5 font-mono text-xs')}
        />
        <Button onClick={() => void copy()} variant="primary">
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <p className="text-xs text-fg-muted">It is shown only now: copy it before closing. You can always make another.</p>
      <Button size="sm" variant="ghost" className="justify-self-start" onClick={onAnother}>
        Make another link
      </Button>
    </div>
  );
}

function linkState(link: ReviewLinkView): { label: string; live: boolean } {
  if (link.revokedAt) return { label: 'Turned off', live: false };
  if (link.expiresAt && Date.parse(link.expiresAt) <= Date.now()) return { label: 'Expired', live: false };
  return { label: 'Active', live: true };
}

function LinkList({ path, links, onChanged }: { path: string; links: ReviewLinkView[] | null; onChanged: () => void }) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const revoke = async (linkId: number) => {
    const result = await api('DELETE', `${path}/${linkId}`);
    if (!result.ok) return setError(failureText(result));
    setError(null);
    setConfirming(null);
    toast({ title: 'Link turned off', description: 'Anyone opening it now sees that it is no longer available.' });
    onChanged();
  };
  if (links === null) return <p className="text-sm text-fg-muted">Loading the links…</p>;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-line pt-5">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Links of this track
      </h3>
      {links.length === 0 ? <p className="text-sm text-fg-muted">None yet.</p> : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-400">
          {error}
        </p>
      ) : null}
      <ul className="grid gap-2">
        {links.map((link) => {
          const state = linkState(link);
          return (
            <li key={link.id} className="grid gap-2 rounded-xl border border-line bg-ink/40 p-3 text-sm" data-review-link={link.id}>
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    state.live ? 'bg-emerald-400/15 text-emerald-300' : 'bg-fg-subtle/15 text-fg-muted',
                  )}
                >
                  {state.label}
                </span>
                <span className="text-fg">Made {formatMomentDay(link.createdAt)}</span>
                {link.hasPassword ? (
                  <span className="inline-flex items-center gap-1 text-fg-muted">
                    <LockKeyhole aria-hidden className="size-3.5" />
                    Password
                  </span>
                ) : null}
                {link.watermark ? <span className="text-fg-muted">Watermarked</span> : null}
              </div>
              <p className="text-fg-muted">
                {link.opens === 0 ? 'Not opened yet' : `Opened ${link.opens} time${link.opens === 1 ? '' : 's'}`}
                {link.lastOpenedAt ? `, last ${formatMomentDay(link.lastOpenedAt)}` : ''} · {link.streams} play
                {link.streams === 1 ? '' : 's'} · {link.comments} comment{link.comments === 1 ? '' : 's'}
                {link.failedPasswords > 0 ? ` · ${link.failedPasswords} wrong password${link.failedPasswords === 1 ? '' : 's'}` : ''}
                {' · '}
                {link.revokedAt
                  ? `Turned off ${formatMomentDay(link.revokedAt)}`
                  : link.expiresAt
                    ? `${state.live ? 'Open until' : 'Expired'} ${formatMomentDay(link.expiresAt)}`
                    : 'No expiry'}
              </p>
              {state.live ? (
                confirming === link.id ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-fg">Turn this link off? Whoever has it loses access at once.</span>
                    <Button size="sm" variant="destructive" onClick={() => void revoke(link.id)}>
                      Turn off
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" variant="secondary" className="justify-self-start" onClick={() => setConfirming(link.id)}>
                    Revoke
                  </Button>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
