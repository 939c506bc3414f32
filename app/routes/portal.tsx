import type { Route } from './+types/portal.ts';
import { seo } from '#app/components/seo.ts';
import { PortalHeader } from '#app/features/portal/portal-header.tsx';
import { ProjectList } from '#app/features/portal/project-list.tsx';
import { SignInCard } from '#app/features/portal/sign-in-card.tsx';
import type { PortalPageHandle } from './portal-layout.tsx';

/** The portal's front door: signed out, this page is the sign-in form itself (routes/portal-layout.tsx). */
export const handle: PortalPageHandle = { signedOut: null };

export { portalListLoader as loader, portalSignInAction as action } from '#app/features/portal/portal-pages.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Client Portal', description: 'Your projects with the studio: files, status and deliveries.', noindex: true });

// No headers() here: the portal layout's policy makes every portal answer `private, no-store`
// (server/http/pages.ts); a route's own Cache-Control would be sent as a second copy.

export default function Portal({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <>
        <PortalHeader title="Your projects, in one place">
          <p>Send your files, follow your song through each step, and download your masters. No password: we e-mail you a link.</p>
        </PortalHeader>
        <SignInCard linkInvalid={loaderData.linkInvalid} />
      </>
    );
  }
  return (
    <>
      <PortalHeader title="Your projects" email={loaderData.email}>
        <p>Open a project to send files, follow its progress and download your masters.</p>
      </PortalHeader>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <ProjectList projects={loaderData.projects} />
      </div>
    </>
  );
}
