import type { SiteContentState } from '#app/features/admin/site/use-site-content.ts';
import { SetupChecklistCard } from './setup-checklist-card.tsx';
import { checklistComplete, setupChecklist, type ChecklistTarget } from './setup-checklist.ts';
import type { AdminMeState } from './use-admin-me.ts';

interface Props {
  site: SiteContentState;
  admin: AdminMeState;
  samples: ReadonlyArray<{ id: number; isDemo?: boolean }> | null;
  onOpen: (target: ChecklistTarget) => void;
}

/** Whether the checklist has anything left and the owner put it away (the Site area then offers it back). */
export function checklistState({ site, admin, samples }: Omit<Props, 'onOpen'>) {
  if (!site.content || !admin.me || !samples) return { items: null, hidden: true, dismissed: false };
  const items = setupChecklist({ site: site.content, adminEmail: admin.me.email, samples });
  const dismissed = admin.me.setupChecklistDismissed === true;
  return { items, hidden: dismissed || checklistComplete(items), dismissed: dismissed && !checklistComplete(items) };
}

/** The setup checklist at the top of the dashboard, until every item is done or the owner hides it. */
export function DashboardChecklist(props: Props) {
  const { items, hidden } = checklistState(props);
  if (!items || hidden) return null;
  return <SetupChecklistCard items={items} onOpen={props.onOpen} onDismiss={props.admin.setDismissed} />;
}
