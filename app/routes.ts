import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('services', 'routes/services.tsx'),
    // Every service's page, from the owner's services section (decision 073).
    route('services/:slug', 'routes/services.$slug.tsx'),
    route('process', 'routes/process.tsx'),
    route('samples', 'routes/samples.tsx'),
    route('about', 'routes/about.tsx'),
    route('contact', 'routes/contact.tsx'),
    // The free consultation (issue 29): the picker, and the pages behind the e-mails' two links.
    route('book', 'routes/book.tsx'),
    route('book/cancel/:token', 'routes/book.cancel.$token.tsx'),
    route('book/reschedule/:token', 'routes/book.reschedule.$token.tsx'),
    route('privacy-policy', 'routes/privacy-policy.tsx'),
    route('terms-of-service', 'routes/terms-of-service.tsx'),
    // The client portal: the studio's own space for a client's projects (never shared, never indexed).
    route('portal', 'routes/portal.tsx'),
    route('portal/projects/:id', 'routes/portal.projects.$id.tsx'),
    route('portal/projects/:id/review/:trackId', 'routes/portal.projects.$id.review.$trackId.tsx'),
    // A review link: one track shared to listen and comment, without an account (decision 082).
    route('listen/:token', 'routes/listen.$token.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The Projects area has addresses of its own (the e-mails link to a project); the same signed-in shell renders them.
  route('manage', 'routes/manage.tsx', [
    route('projects', 'routes/manage.projects.tsx'),
    route('projects/:id', 'routes/manage.project.tsx'),
    // Bookings too: the list, /week and /settings (the studio's booking e-mails and the dashboard card link here).
    route('bookings/:view?', 'routes/manage.bookings.tsx'),
    route('money', 'routes/manage.money.tsx'),
  ]),
  route('manage/reset-password', 'routes/manage.reset-password.tsx'),
  // The review room keeps the admin's shell but not the dashboard's tabs: a page of its own.
  route('manage/projects/:id/review/:trackId', 'routes/manage.projects.$id.review.$trackId.tsx'),
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('site.webmanifest', 'routes/web-manifest.ts'),
] satisfies RouteConfig;
