import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { FeedStatus } from '#common/booking/admin.ts';
import { LocalDateTime } from '#app/components/local-date-time.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { TextField } from '#app/components/ui/form-field.tsx';
import { api } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

const FEED_HINT =
  'From Google Calendar (Settings, Secret address in iCal format), Apple iCloud (Public calendar) or Outlook ' +
  '(Publish calendar, ICS). Leave empty for none.';

interface Props {
  feedUrl: string;
  privateAllowed: boolean;
  feed: FeedStatus;
  error?: string;
  onChange: (feedUrl: string) => void;
  onPrivateAllowed: (allowed: boolean) => void;
  onFeed: (feed: FeedStatus) => void;
}

/** The owner's own calendar (an ICS address): its busy times are never offered. Saved with the settings. */
export function CalendarFeedPanel({ feedUrl, privateAllowed, feed, error, onChange, onPrivateAllowed, onFeed }: Props) {
  const [refreshing, setRefreshing] = useState(false);
  const saved = feed.url !== null && !feed.lost;
  const edited = feedUrl.trim() !== (feed.url ?? '') || privateAllowed !== feed.privateAllowed;

  const refresh = async () => {
    setRefreshing(true);
    const result = await api<FeedStatus>('POST', '/api/admin/booking/feed/refresh');
    setRefreshing(false);
    if (!result.ok) return void toast({ title: 'Error', description: result.serverMessage ?? result.message, variant: 'destructive' });
    onFeed(result.data);
    toast({
      title: result.data.error ? 'Could not read the feed' : 'Success',
      description: result.data.error ?? 'Calendar feed read',
      variant: result.data.error ? 'destructive' : 'default',
    });
  };

  return (
    <div className="grid gap-3">
      <TextField
        id="booking-feed-url"
        label="Calendar feed address (ICS)"
        type="url"
        inputMode="url"
        placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
        value={feedUrl}
        error={error}
        hint={FEED_HINT}
        onChange={(event) => onChange(event.target.value)}
      />
      <label className="inline-flex min-h-11 items-start gap-2 text-sm text-fg-muted sm:min-h-0">
        <input
          type="checkbox"
          checked={privateAllowed}
          onChange={(event) => onPrivateAllowed(event.target.checked)}
          className="mt-0.5 size-4 accent-[var(--color-accent)]"
        />
        <span>
          The calendar is on my own network (allow a private address such as 192.168.x.x). Leave this off for Google, iCloud and Outlook.
        </span>
      </label>
      {feed.lost ? (
        <p role="alert" className="text-sm font-medium text-orange-300">
          The saved address can no longer be read (the server&apos;s secret changed). Paste it again and save.
        </p>
      ) : null}
      {saved ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-surface-raised px-3 py-2 text-sm">
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
            <dt className="text-fg-subtle">Last read</dt>
            <dd className="text-fg-muted">{feed.fetchedAt ? <LocalDateTime iso={feed.fetchedAt} /> : 'Not yet'}</dd>
            <dt className="text-fg-subtle">Busy times ahead</dt>
            <dd className="text-fg-muted">{feed.busyCount}</dd>
            {feed.error ? (
              <>
                <dt className="text-fg-subtle">Last attempt</dt>
                <dd className="font-medium text-red-300">
                  {feed.attemptedAt ? (
                    <>
                      <LocalDateTime iso={feed.attemptedAt} />:{' '}
                    </>
                  ) : null}
                  {feed.error}
                  {feed.fetchedAt ? ' The busy times of the last good read still count.' : ''}
                </dd>
              </>
            ) : null}
          </dl>
          <Button variant="secondary" size="sm" onClick={() => void refresh()} disabled={refreshing || edited}>
            <RefreshCw aria-hidden className={refreshing ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'} />
            {refreshing ? 'Reading...' : 'Refresh now'}
          </Button>
        </div>
      ) : null}
      {edited ? <p className="text-sm text-fg-subtle">Save to read the new address.</p> : null}
    </div>
  );
}
