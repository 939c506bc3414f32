import { Plus } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/cn.ts';
import { SectionCard } from '#app/features/admin/projects/section-card.tsx';
import { LoadFailure, LoadingNote } from '#app/features/admin/bookings/booking-list.tsx';
import { CalendarFeedPanel } from './calendar-feed-panel.tsx';
import { ConsultationTypeEditor } from './consultation-type-editor.tsx';
import { DatesOffEditor } from './dates-off-editor.tsx';
import { newTypeDraft, sameSettings, draftOf, type TypeDraft } from './settings-form.ts';
import { SubscriptionPanel } from './subscription-panel.tsx';
import { useBookingSettings } from './use-booking-settings.ts';
import { WeeklyEditor } from './weekly-editor.tsx';

const MAX_TYPES = 10;
const SAVE_BAR = 'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line-strong bg-surface-raised/95 p-3';
/** With something to save (or a save to fix), the bar stays in view at the foot of the window while the owner scrolls. */
const SAVE_BAR_PINNED = 'sticky bottom-3 z-10 shadow-lg backdrop-blur';

/** The Bookings area's settings: what is offered, when, what blocks it, and the owner's calendars. */
export function BookingSettingsEditor() {
  const state = useBookingSettings();
  const { saved, draft, errors, problem, setDraft } = state;
  if (state.loadError && !saved) return <LoadFailure what="the booking settings" error={state.loadError} />;
  if (!saved || !draft) return <LoadingNote label="Loading the booking settings..." />;
  const dirty = !sameSettings(draft, draftOf(saved));
  const updateType = (row: string, change: Partial<TypeDraft>) =>
    setDraft((current) => ({ ...current, types: current.types.map((type) => (type.rowId === row ? { ...type, ...change } : type)) }));

  return (
    <form
      noValidate
      className="grid grid-cols-[minmax(0,1fr)] gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void state.save();
      }}
    >
      <SectionCard
        id="booking-types"
        title="Consultation types"
        description="What a visitor can book. Each keeps its own length, spacing and limits."
        actions={
          <Button
            variant="secondary"
            size="sm"
            disabled={draft.types.length >= MAX_TYPES}
            onClick={() => setDraft((current) => ({ ...current, types: [...current.types, newTypeDraft()] }))}
          >
            <Plus aria-hidden className="size-4" />
            Add type
          </Button>
        }
      >
        <div className="grid gap-4">
          {errors.types ? <FieldAlert message={errors.types} /> : null}
          {draft.types.map((type) => (
            <ConsultationTypeEditor
              key={type.rowId}
              type={type}
              errors={errors}
              hasStudioAddress={saved.hasStudioAddress}
              onChange={(change) => updateType(type.rowId, change)}
              onRemove={
                draft.types.length > 1
                  ? () => setDraft((current) => ({ ...current, types: current.types.filter((item) => item.rowId !== type.rowId) }))
                  : undefined
              }
            />
          ))}
        </div>
      </SectionCard>
      <SectionCard
        id="booking-weekly"
        title="Weekly hours"
        description={
          <>
            When consultations can take place, in the studio&apos;s time zone ({saved.timeZone}).
            {saved.version === 0 ? ' These start as your opening hours (Site, Studio); from your first save they are kept apart.' : ''}
          </>
        }
      >
        {errors.weekly ? <FieldAlert message={errors.weekly} /> : null}
        <WeeklyEditor weekly={draft.weekly} errors={errors} onChange={(weekly) => setDraft((current) => ({ ...current, weekly }))} />
      </SectionCard>
      <SectionCard
        id="booking-dates-off"
        title="Dates off"
        description="Holidays, sessions and other days with no consultations, in the studio's dates."
      >
        {errors.datesOff ? <FieldAlert message={errors.datesOff} /> : null}
        <DatesOffEditor
          datesOff={draft.datesOff}
          errors={errors}
          onChange={(datesOff) => setDraft((current) => ({ ...current, datesOff }))}
        />
      </SectionCard>
      <SectionCard
        id="booking-feed"
        title="Your calendar"
        description="Times busy in your own calendar are never offered. It is read on a schedule, and whenever you press Refresh."
      >
        <CalendarFeedPanel
          feedUrl={draft.feedUrl}
          privateAllowed={draft.feedPrivateAllowed}
          feed={saved.feed}
          error={errors.feedUrl}
          onChange={(feedUrl) => setDraft((current) => ({ ...current, feedUrl }))}
          onPrivateAllowed={(feedPrivateAllowed) => setDraft((current) => ({ ...current, feedPrivateAllowed }))}
          onFeed={(feed) => state.adopt((current) => ({ ...current, feed }))}
        />
      </SectionCard>
      <SectionCard
        id="booking-subscription"
        title="Bookings in your calendar app"
        description="A private calendar of every booking, kept up to date."
      >
        <SubscriptionPanel
          url={saved.subscriptionUrl}
          onChange={(subscriptionUrl) => state.adopt((current) => ({ ...current, subscriptionUrl }))}
        />
      </SectionCard>
      <div className={cn(SAVE_BAR, (dirty || problem) && SAVE_BAR_PINNED)}>
        <div className="min-w-0 text-sm" aria-live="polite">
          {problem?.kind === 'stale' ? (
            <p role="alert" className="font-medium text-orange-300">
              These settings were changed elsewhere since you opened them. Reload to see the latest, then make your change again.
            </p>
          ) : problem ? (
            <p role="alert" className="font-medium text-red-300">
              {problem.message}
            </p>
          ) : (
            <p className="text-fg-muted">{dirty ? 'You have unsaved changes.' : 'All changes saved.'}</p>
          )}
        </div>
        <div className="flex gap-2">
          {problem?.kind === 'stale' ? (
            <Button variant="secondary" onClick={() => void state.reload()}>
              Reload
            </Button>
          ) : null}
          <Button type="submit" disabled={state.saving || !dirty}>
            {state.saving ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function FieldAlert({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-3 text-sm font-medium text-red-400">
      {message}
    </p>
  );
}
