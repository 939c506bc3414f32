import { DashboardTabs } from '#app/features/admin/dashboard/dashboard-tabs.tsx';

/*
 * The dashboard's tabs, inside the admin's shell (routes/admin-layout.tsx): /manage and each tab's
 * address below it. The tabs read the address themselves and stay mounted from one tab to the next,
 * so the routes below only name their page.
 */
export default function Dashboard() {
  return <DashboardTabs />;
}
