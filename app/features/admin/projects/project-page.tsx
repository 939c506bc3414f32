import { ArrowLeft, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { revealDashboardTabs } from '#app/features/admin/dashboard/reveal-tabs.ts';
import { InvoicesCard } from '#app/features/admin/billing/invoices-card.tsx';
import { PlanCard } from '#app/features/admin/billing/plan-card.tsx';
import { AdminTracksPanel } from '#app/features/review/admin-tracks-panel.tsx';
import { ActivityLog } from './activity-log.tsx';
import { ClientAccess } from './client-access.tsx';
import { ClientFiles } from './client-files.tsx';
import { ListeningQuality } from './listening-quality.tsx';
import { Deliveries } from './deliveries.tsx';
import { ProjectDialog } from './project-dialog.tsx';
import type { PackageOption } from './project-form.ts';
import { backLinkClasses, ProjectHeader } from './project-header.tsx';
import { ProjectNotes } from './project-notes.tsx';
import { ProjectEngineers } from './project-engineers.tsx';
import { useStaffRole } from '#app/features/admin/staff/staff-role.tsx';
import { roleMay } from '#common/staff-roles.ts';
import { RetentionPanel } from './retention-panel.tsx';
import { useProject } from './use-project.ts';

interface Props {
  projectId: number | null;
  packages: PackageOption[];
  /** Something the list shows changed (status, details, files): the list reads itself again. */
  onChanged: () => void;
}

/** /manage/projects/:id: one project, everything the owner does with it. */
export function ProjectPage({ projectId, packages, onChanged }: Props) {
  const state = useProject(projectId);
  const { project, failure } = state;
  const [editing, setEditing] = useState(false);
  const [planVersion, setPlanVersion] = useState(0);
  const [invoicesVersion, setInvoicesVersion] = useState(0);
  const title = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const loaded = project !== null;
  // An engineer sees a project's payment status, not its plan and invoices (common/staff-roles.ts).
  const role = useStaffRole() ?? undefined;
  const seesMoney = roleMay(role, 'projects.money');
  const deletesAudio = roleMay(role, 'projects.delete-audio');

  // In view once loaded (an e-mail's link opens it below the checklist and cards); opened from within the
  // dashboard (not a fresh page load), the project's title takes the focus, as a new page would.
  useEffect(() => {
    if (!loaded) return;
    revealDashboardTabs();
    if (location.key !== 'default') title.current?.focus({ preventScroll: true });
  }, [loaded, location.key]);

  const changed = <T,>(action: Promise<T>) =>
    action.then((value) => {
      onChanged();
      return value;
    });

  if (failure && !project) {
    return (
      <div className="grid gap-4">
        <Link to="/manage/projects" className={backLinkClasses + ' w-fit'}>
          <ArrowLeft aria-hidden className="size-4" />
          All projects
        </Link>
        <h2 className="text-xl font-bold text-fg">{failure.notFound ? 'Project not found' : 'Unable to load the project'}</h2>
        <p role="alert" className="text-fg-muted">
          {failure.notFound ? 'It may have been removed, or the link is mistyped.' : failure.message}
        </p>
      </div>
    );
  }
  if (!project) {
    return (
      <div role="status" className="flex justify-center py-16">
        <Loader2 aria-hidden className="size-8 animate-spin text-accent motion-reduce:animate-none" />
        <span className="sr-only">Loading the project...</span>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <ProjectHeader
        ref={title}
        project={project}
        onStatus={(status) => changed(state.setStatus(status))}
        onEdit={() => setEditing(true)}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-2">
        <ClientAccess
          project={project}
          onInvite={state.invite}
          onRevoke={state.revoke}
          onRole={(person, role) => changed(state.setCollaboratorRole(person, role))}
          onRemovePerson={(person) => changed(state.removeCollaborator(person))}
        />
        <RetentionPanel
          key={`${project.completedAt}|${project.retainFilesUntil}|${project.filesExpireAt}`}
          project={project}
          onSave={(day) => changed(state.setRetention(day))}
        />
      </div>
      <ProjectEngineers projectId={project.id} />
      <ClientFiles
        project={project}
        onRecategorise={(file, category) => changed(state.recategoriseFile(file, category))}
        onRemove={deletesAudio ? (file) => changed(state.removeFile(file)) : undefined}
      />
      <AdminTracksPanel projectId={project.id} tracks={project.tracks} onChanged={() => void changed(state.reload())} />
      <ListeningQuality project={project} onProject={state.replace} />
      <Deliveries
        project={project}
        onDelivered={() => void changed(state.reload())}
        onDelete={deletesAudio ? (file) => changed(state.removeFile(file)) : undefined}
      />
      {seesMoney ? (
        <>
          <PlanCard project={project} version={invoicesVersion} onSaved={() => setPlanVersion((version) => version + 1)} />
          {/* Remade when the plan is saved (it may have made invoices); an invoice's change reads the plan again. */}
          <InvoicesCard
            key={planVersion}
            project={project}
            onProject={state.replace}
            onChanged={() => setInvoicesVersion((version) => version + 1)}
          />
        </>
      ) : null}
      {/* Top-aligned: a long activity log does not stretch the notes into an empty box. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-2">
        <ProjectNotes project={project} />
        <ActivityLog projectId={project.id} activity={project.activity} nextBefore={project.activityNextBefore} />
      </div>
      {editing ? (
        <ProjectDialog
          request={{ kind: 'edit', project }}
          packages={packages}
          onClose={() => setEditing(false)}
          onDone={(saved) => {
            state.replace(saved);
            setEditing(false);
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
