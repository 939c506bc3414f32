import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminProjectView } from '#common/projects.ts';
import type { Packages } from '#common/site-content/packages.ts';
import { blankProjectFields, fieldsFromEnquiry, packageOptions, type PackageOption, type ProjectDialogRequest } from './project-form.ts';
import type { ProjectFilter } from './project-list-filter.ts';
import { useProjectList, type ProjectListState } from './use-project-list.ts';

export interface ProjectsDashboard {
  list: ProjectListState;
  packages: PackageOption[];
  /** The New project dialog's request while it is open. */
  creating: Extract<ProjectDialogRequest, { kind: 'create' }> | null;
  startNew(): void;
  /** One click from a message in the inbox: the dialog opens prefilled, and the project links the message. */
  startFromEnquiry(enquiry: { id: number; name: string; email: string; message: string }): void;
  /** From a booked consultation: prefilled the same way, linked to the visitor's enquiry when there is one. */
  startFromBooking(booking: { name: string; email: string; note: string | null; enquiryId: number | null }): void;
  closeNew(): void;
  /** The new project's page opens. */
  created(project: AdminProjectView): void;
  /** A dashboard card: the Projects area with that filter. */
  openList(filter: ProjectFilter): void;
}

/**
 * The Projects area's state kept by the dashboard: the list and counts (the stat cards read them),
 * and the New project dialog, which the inbox opens too.
 */
export function useProjectsDashboard(records: Packages | null): ProjectsDashboard {
  const list = useProjectList();
  const navigate = useNavigate();
  const packages = useMemo(() => packageOptions(records), [records]);
  const [creating, setCreating] = useState<ProjectsDashboard['creating']>(null);
  const { reload, setFilter } = list;

  const startNew = useCallback(
    () => setCreating({ kind: 'create', fields: blankProjectFields(packages), contactSubmissionId: null }),
    [packages],
  );
  const startFromEnquiry = useCallback<ProjectsDashboard['startFromEnquiry']>(
    (enquiry) =>
      setCreating({ kind: 'create', fields: fieldsFromEnquiry(enquiry, packages), contactSubmissionId: enquiry.id, from: enquiry.name }),
    [packages],
  );
  const startFromBooking = useCallback<ProjectsDashboard['startFromBooking']>(
    (booking) =>
      setCreating({
        kind: 'create',
        fields: fieldsFromEnquiry({ name: booking.name, email: booking.email, message: booking.note ?? '' }, packages),
        contactSubmissionId: booking.enquiryId,
        from: booking.name,
      }),
    [packages],
  );
  const closeNew = useCallback(() => setCreating(null), []);
  const created = useCallback(
    (project: AdminProjectView) => {
      setCreating(null);
      void reload();
      void navigate(`/manage/projects/${project.id}`);
    },
    [navigate, reload],
  );
  const openList = useCallback(
    (filter: ProjectFilter) => {
      setFilter(filter);
      void navigate('/manage/projects');
    },
    [navigate, setFilter],
  );

  return { list, packages, creating, startNew, startFromEnquiry, startFromBooking, closeNew, created, openList };
}
