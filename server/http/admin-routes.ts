import type { StaffCapability } from '#common/staff-roles.ts';

/*
 * Every admin route's capability (common/staff-roles.ts), read by requireAdmin on every request: a
 * route past requireAdmin without an entry here is refused to everyone, the owner too, and
 * server/http/staff-roles.test.ts fails for it, so a new route cannot go unguarded by forgetting.
 *
 * A route is `METHOD /api/path` with `:name` for a segment (`:id.pdf` too) and a final `*` for
 * everything below. The first entry whose method and path match decides; `*` as the method is any.
 */

type Decide = StaffCapability | ((params: Record<string, string>) => StaffCapability);

/** The site's billing section is the billing settings (owner); every other section is the site's text. */
const siteSection = ({ section }: Record<string, string>): StaffCapability => (section === 'billing' ? 'billing.settings' : 'site');

const ROUTES: ReadonlyArray<[string, string, Decide]> = [
  // One's own account.
  ['*', '/api/admin/me', 'account'],
  ['PUT', '/api/admin/me/setup-checklist', 'account'],
  ['*', '/api/admin/me/notices', 'account'],
  ['POST', '/api/admin/change-password', 'account'],
  ['*', '/api/admin/two-factor', 'account'],
  ['POST', '/api/admin/two-factor/*', 'account'],
  // One's own sessions; the owner's reach to anyone's is checked in server/api/admin-sessions.ts.
  ['*', '/api/admin/sessions', 'account'],
  ['*', '/api/admin/sessions/*', 'account'],
  // The staff.
  ['*', '/api/admin/staff', 'staff'],
  ['*', '/api/admin/staff/*', 'staff'],
  // Who did what (decision 116): everyone reads the log, the owner everyone's (the handler filters).
  ['GET', '/api/admin/audit', 'audit'],
  ['GET', '/api/admin/audit.csv', 'audit'],
  // The inbox.
  ['*', '/api/contact-submissions', 'inbox'],
  ['*', '/api/contact-submissions/*', 'inbox'],
  ['GET', '/api/contact-acknowledgement', 'inbox'],
  ['PUT', '/api/contact-acknowledgement', 'inbox.settings'],
  // Bookings.
  ['GET', '/api/admin/booking/settings', 'bookings'],
  ['GET', '/api/admin/booking/summary', 'bookings'],
  ['*', '/api/admin/booking/*', 'bookings.settings'],
  ['GET', '/api/admin/bookings/assignees', 'bookings.assign'],
  ['PUT', '/api/admin/bookings/:id/assignee', 'bookings.assign'],
  ['*', '/api/admin/bookings', 'bookings'],
  ['*', '/api/admin/bookings/*', 'bookings'],
  // Projects: a project's money first, then its audio's deletion, then the rest.
  ['*', '/api/admin/projects/:id/invoices', 'projects.money'],
  ['*', '/api/admin/projects/:id/invoices/*', 'projects.money'],
  ['*', '/api/admin/projects/:id/plan', 'projects.money'],
  ['DELETE', '/api/admin/projects/:id/files/:fileId', 'projects.delete-audio'],
  ['GET', '/api/admin/projects/:id/engineers', 'projects'],
  ['PUT', '/api/admin/projects/:id/engineers', 'projects.assign'],
  ['*', '/api/admin/projects', 'projects'],
  ['*', '/api/admin/projects/*', 'projects'],
  // Money.
  ['*', '/api/admin/invoices', 'money'],
  ['*', '/api/admin/invoices/*', 'money'],
  // Samples: deleting (to the trash or for good) apart.
  ['DELETE', '/api/samples/:id', 'samples.delete'],
  ['*', '/api/samples/:id/trash', 'samples.delete'],
  ['POST', '/api/samples', 'samples'],
  ['*', '/api/samples/*', 'samples'],
  ['PUT', '/api/audio-files', 'samples'],
  // Files on their way in.
  ['POST', '/api/objects/upload', 'uploads'],
  ['*', '/api/uploads/*', 'uploads'],
  // The site: everyone reads its content (the admin shows the studio's hours and packages); editing apart.
  ['GET', '/api/admin/site', 'site.read'],
  ['*', '/api/admin/site/:section', siteSection],
  ['*', '/api/admin/site/:section/*', siteSection],
  ['POST', '/api/admin/images', 'site'],
  // The newsletter list (decision 118): its count and its CSV, with the site's text.
  ['GET', '/api/admin/newsletter', 'site'],
  ['GET', '/api/admin/newsletter.csv', 'site'],
  // A pasted player link checked for the pages editor (decision 119).
  ['POST', '/api/embeds/check', 'site'],
  // Proposals (server/api/admin-proposals.ts): anyone may start a draft from an enquiry or a booking.
  ['POST', '/api/admin/proposals', 'proposals.create'],
  ['*', '/api/admin/proposals', 'proposals'],
  ['*', '/api/admin/proposals/*', 'proposals'],
  ['*', '/api/admin/proposal-templates', 'proposals'],
  ['*', '/api/admin/proposal-templates/*', 'proposals'],
  // Insights.
  ['GET', '/api/admin/insights', 'insights'],
  ['GET', '/api/admin/insights.csv', 'insights'],
  ['GET', '/api/admin/insights/business', 'insights'],
  ['GET', '/api/admin/insights/settings', 'insights'],
  ['PUT', '/api/admin/insights/settings', 'insights.settings'],
];

interface CompiledRoute<T> {
  method: string;
  path: string;
  value: T;
  pattern: RegExp;
  names: string[];
}

function compile<T>([method, path, value]: readonly [string, string, T]): CompiledRoute<T> {
  const names: string[] = [];
  const body = path
    .replace(/\/\*$/, '')
    .split(/(:[A-Za-z]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+?)';
    })
    .join('');
  const tail = path.endsWith('/*') ? '/.+' : '';
  return { method, path, value, names, pattern: new RegExp(`^${body}${tail}/?$`) };
}

/**
 * A table of `[METHOD, /api/path, value]` (the syntax above) read first match first: the value and
 * the path's named segments of a request, or null. HEAD asks what GET does. The audit's table of
 * write descriptions (admin-audit.ts) is read the same way.
 */
export function routeTable<T>(entries: ReadonlyArray<readonly [string, string, T]>) {
  const compiled = entries.map(compile);
  return (method: string, url: string): { value: T; path: string; params: Record<string, string> } | null => {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const path = url.split('?')[0] ?? '';
    for (const route of compiled) {
      if (route.method !== '*' && route.method !== wanted) continue;
      const found = route.pattern.exec(path);
      if (!found) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, found[index + 1] ?? '']));
      return { value: route.value, path: route.path, params };
    }
    return null;
  };
}

const capabilityRoutes = routeTable(ROUTES);

/** The capability a request needs, or null when no entry names its route. HEAD asks what GET does. */
export function capabilityOfRequest(method: string, url: string): StaffCapability | null {
  const found = capabilityRoutes(method, url);
  if (!found) return null;
  return typeof found.value === 'string' ? found.value : found.value(found.params);
}
