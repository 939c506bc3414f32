import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/*
 * The routes by audience (decision 098). A page placed in a group inherits the group's shell, guard
 * and page policy (`handle.page`, common/page-policy.ts), which the server reads from the routes: a
 * policy holds for its route's address and every address below it (a layout without a path: its
 * pages' addresses), the most precise word winning.
 */
export default [
  // The public site: islands (decision 059), one shared copy per content version.
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('services', 'routes/services.tsx'),
    // Every service's page, from the owner's services section (decision 073).
    route('services/:slug', 'routes/services.$slug.tsx'),
    route('process', 'routes/process.tsx'),
    route('samples', 'routes/samples.tsx'),
    // The portfolio's further pages (issue 46): the same page, each its own shared copy.
    route('samples/page/:page', 'routes/samples.tsx', { id: 'routes/samples-page' }),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    // The free consultation (issue 29): the picker, and the pages behind the e-mails' two links, which hold a token.
    route('book', 'routes/book.tsx'),
    // A project started from the site (decision 115): a package, the songs and extras, asked for or booked at once.
    route('start', 'routes/start.tsx'),
    route('book/cancel/:token', 'routes/book.cancel.$token.tsx'),
    route('book/reschedule/:token', 'routes/book.reschedule.$token.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    // A review link: one track shared to listen and comment, without an account (decision 082).
    route('listen/:token', 'routes/listen.$token.tsx'),
    // A project e-mail's mute link (decision 102): the page shows and its button posts; a GET never mutes.
    route('mute/:token', 'routes/mute.$token.tsx'),
    // A proposal's link (decision 114): read, choose, sign and pay the deposit, without an account.
    route('p/:token', 'routes/p.$token.tsx'),
    // The newsletter (decision 118): the footer form's answer without JavaScript, and the two links of its e-mails.
    route('newsletter', 'routes/newsletter.tsx'),
    route('newsletter/confirm/:token', 'routes/newsletter.confirm.$token.tsx'),
    route('newsletter/unsubscribe/:token', 'routes/newsletter.unsubscribe.$token.tsx'),
    // The owner's own pages (decision 119): any address no route above takes; reserved ones cannot be saved.
    route(':slug', 'routes/page.$slug.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The client portal: the studio's own space for a client's projects (never shared, never indexed).
  // Its layout guards: signed out, a page shows its sign-in prompt. The layout has no path of its own, so
  // `/portal` is a page and not an index: its no-JavaScript sign-in form posts to it as before.
  layout('routes/portal-layout.tsx', [
    route('portal', 'routes/portal.tsx'),
    route('portal/projects/:id', 'routes/portal.projects.$id.tsx'),
    route('portal/projects/:id/review/:trackId', 'routes/portal.projects.$id.review.$trackId.tsx'),
  ]),
  // The admin: its layout guards (the login screen signed out) and gives every page the admin's shell.
  route('manage', 'routes/admin-layout.tsx', [
    // The dashboard's tabs, mounted once for all their addresses (the e-mails link to a project, a booking view).
    layout('routes/manage.tsx', [
      index('routes/manage.overview.tsx'),
      route('projects', 'routes/manage.projects.tsx'),
      route('projects/:id', 'routes/manage.project.tsx'),
      // Bookings: the list, /week and /settings (the studio's booking e-mails and the dashboard card link here).
      route('bookings/:view?', 'routes/manage.bookings.tsx'),
      route('money', 'routes/manage.money.tsx'),
      route('proposals/:id?', 'routes/manage.proposals.tsx'),
      route('insights', 'routes/manage.insights.tsx'),
      route('staff', 'routes/manage.staff.tsx'),
      route('audit', 'routes/manage.audit.tsx'),
    ]),
    // The review room keeps the admin's shell but not the dashboard's tabs.
    route('projects/:id/review/:trackId', 'routes/manage.projects.$id.review.$trackId.tsx'),
  ]),
  // Beside the admin's guard (the link works signed out), inside its address and so its policy.
  route('manage/reset-password', 'routes/manage.reset-password.tsx'),
  // The staff invitation's link (issue 43): beside the guard too, for someone without an account yet.
  route('manage/join/:token', 'routes/manage.join.$token.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('site.webmanifest', 'routes/web-manifest.ts'),
] satisfies RouteConfig;
