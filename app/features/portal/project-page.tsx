import { ArrowLeft, CalendarClock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { can, sees } from '#common/collaborators.ts';
import { formatMoney } from '#common/billing/money.ts';
import { PAYMENT_RETURN_PARAM, type PortalBillingView } from '#common/billing/portal-billing.ts';
import type { PortalProjectView, ProjectFileView } from '#common/projects.ts';
import { ReviewTracksList } from '#app/features/review/review-tracks-list.tsx';
import { ActivityList } from './activity-list.tsx';
import { DeliveryLock } from './billing/delivery-lock.tsx';
import { PaymentBox } from './billing/payment-box.tsx';
import { usePortalBilling } from './billing/use-portal-billing.ts';
import { ClientNotesForm } from './client-notes-form.tsx';
import { CollaboratorNote } from './collaborator-note.tsx';
import { Deliveries } from './deliveries.tsx';
import { FilesTable } from './files-table.tsx';
import { formatDay } from './format.ts';
import { PortalHeader } from './portal-header.tsx';
import { ProjectPeople } from './project-people.tsx';
import { StatusStepper } from './status-stepper.tsx';
import { StudioNeeds } from './studio-needs.tsx';
import { UploadArea } from './upload-area.tsx';
import { usePortalProject } from './use-portal-project.ts';
import { cn } from '#app/lib/cn.ts';

const revisionsText = (included: number | null) =>
  included === null ? 'unlimited revisions' : `${included} revision round${included === 1 ? '' : 's'}`;

const returnedFrom = (value: string | null) => (value === 'done' || value === 'cancelled' ? value : null);

/** One project as its client sees it: where it stands, what is due, what to send, the files sent, and the deliveries. */
export function ProjectPage({
  email,
  initial,
  checklist,
  initialBilling,
  deliveriesLocked,
}: {
  email: string;
  initial: PortalProjectView;
  checklist: string[];
  /** The invited client's invoices; null for a collaborator. */
  initialBilling: PortalBillingView | null;
  deliveriesLocked: boolean;
}) {
  const { project, setProject, refresh, recategorise, removeFile } = usePortalProject(initial);
  const [searchParams] = useSearchParams();
  const { billing, pay, paying, checkoutError, paymentReturn } = usePortalBilling(
    initial.id,
    initialBilling,
    returnedFrom(searchParams.get(PAYMENT_RETURN_PARAM)),
  );
  const locked = billing ? billing.deliveriesLocked : deliveriesLocked;

  const registered = (file: ProjectFileView) => {
    // Whether it can still be changed is the server's to say: the refresh right after tells.
    const shown = { ...file, canChange: false };
    setProject((current) => ({ ...current, files: [...(current.files ?? []).filter((known) => known.id !== file.id), shown] }));
    void refresh();
  };

  return (
    <>
      <PortalHeader title={project.title} email={email}>
        <p>
          {project.packageTitle} · {revisionsText(project.revisionsIncluded)}
          {project.dueDate ? ` · due ${formatDay(project.dueDate)}` : ''}
        </p>
      </PortalHeader>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <Link
          to="/portal"
          className={cn(
            'inline-flex items-center gap-1.5 justify-self-start rounded text-sm font-medium',
            'text-fg-muted hover:text-accent focus-visible:outline-none focus-visible:ring-2',
            'focus-visible:ring-accent',
          )}
        >
          <ArrowLeft aria-hidden className="size-4" />
          All your projects
        </Link>
        {project.filesExpireAt && !project.filesRemovedAt ? (
          <p role="note" className="flex gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 text-sm text-fg">
            <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              Files will be removed on <strong>{formatDay(project.filesExpireAt)}</strong>. Download your deliveries before then; the
              project&apos;s record stays.
            </span>
          </p>
        ) : null}
        {project.filesRemovedAt ? (
          <p role="note" className="rounded-xl border border-line bg-surface p-4 text-sm text-fg-muted">
            The audio files of this project were removed on {formatDay(project.filesRemovedAt)}, as our policy says. The record stays below.
          </p>
        ) : null}
        <CollaboratorNote access={project.access} />
        <StatusStepper status={project.status} downloadable={project.deliveries.filter((file) => !file.removedAt).length} locked={locked} />
        {billing && billing.invoices.length > 0 ? (
          <PaymentBox billing={billing} paymentReturn={paymentReturn} paying={paying} checkoutError={checkoutError} onPay={pay} />
        ) : null}
        <section aria-labelledby="review-heading" className="grid gap-3">
          <h2 id="review-heading" className="text-lg font-semibold text-fg">
            Mixes to review
          </h2>
          <ReviewTracksList projectId={project.id} tracks={project.tracks} side="portal" />
        </section>
        <Deliveries
          projectId={project.id}
          deliveries={project.deliveries}
          downloadable={can(project.access, 'downloadDeliveries')}
          lock={locked ? <DeliveryLock billing={billing} paying={paying} onPay={pay} /> : null}
        />
        {/* What the access does and sees (common/collaborators.ts): the server answers no part it does not see. */}
        {can(project.access, 'manage') ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <UploadArea
              project={project}
              onRegistered={registered}
              depositDue={
                billing?.uploadsWaitForDeposit
                  ? formatMoney(billing.uploadsWaitForDeposit.amountDueCents, billing.invoices[0]?.currency ?? 'USD')
                  : null
              }
            />
            <div className="grid content-start gap-6">
              <StudioNeeds checklist={checklist} />
              {sees(project.access, 'clientNotes') ? <ClientNotesForm project={project} onSaved={setProject} /> : null}
            </div>
          </div>
        ) : null}
        {sees(project.access, 'collaborators') && project.collaborators ? (
          <ProjectPeople projectId={project.id} collaborators={project.collaborators} onChanged={refresh} />
        ) : null}
        {/* Only the invited client's files carry canChange (a collaborator fixes nothing). */}
        {sees(project.access, 'clientFiles') && project.files ? (
          <FilesTable files={project.files} onRecategorise={recategorise} onRemove={removeFile} />
        ) : null}
        {sees(project.access, 'activity') && project.activity ? (
          <ActivityList projectId={project.id} activity={project.activity} nextBefore={project.activityNextBefore ?? null} />
        ) : null}
      </div>
    </>
  );
}
