/*
 * /manage: the dashboard's first tab. The admin layout names the page ('Admin') and the tabs show
 * the overview by the address (routes/manage.tsx).
 */
export default function ManageOverview() {
  return null;
}
