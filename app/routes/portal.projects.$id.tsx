import { ButtonLink } from '#app/components/ui/button.tsx';
import type { Route } from './+types/portal.projects.$id.ts';
import { seo } from '#app/components/seo.ts';
import { PortalHeader } from '#app/features/portal/portal-header.tsx';
import { ProjectPage } from '#app/features/portal/project-page.tsx';
import { SignInCard } from '#app/features/portal/sign-in-card.tsx';
import type { PortalPageHandle } from './portal-layout.tsx';

function SignedOut() {
  return (
    <>
      <PortalHeader title="Sign in to see this project">
        <p>Your project page is private. Ask for a sign-in link and we will e-mail it to you.</p>
      </PortalHeader>
      <SignInCard />
    </>
  );
}

/** Signed out, the portal layout shows this prompt instead of the page (the loader answers 401). */
export const handle: PortalPageHandle = { signedOut: SignedOut };

export { portalProjectLoader as loader, portalProjectAction as action } from '#app/features/portal/portal-pages.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  const title = loaded?.kind === 'project' ? loaded.project.title : loaded?.kind === 'not-found' ? 'Project not found' : 'Client Portal';
  return seo(args, { title, description: 'Your project with the studio: files, status and deliveries.', noindex: true });
};

// No headers() here: the portal layout's policy makes every portal answer `private, no-store`
// (server/http/pages.ts); a route's own Cache-Control would be sent as a second copy.

export default function PortalProject({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'signed-out':
      // The layout shows the handle's prompt instead.
      return null;
    case 'not-found':
      return (
        <>
          <PortalHeader title="Project not found" email={loaderData.email}>
            <p>There is no project at this address for you. It may belong to another e-mail address.</p>
          </PortalHeader>
          <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
            <ButtonLink to="/portal" variant="secondary">
              See your projects
            </ButtonLink>
          </div>
        </>
      );
    case 'project':
      return (
        <ProjectPage
          key={loaderData.project.id}
          email={loaderData.email}
          initial={loaderData.project}
          checklist={loaderData.checklist}
          initialBilling={loaderData.billing}
          deliveriesLocked={loaderData.deliveriesLocked}
        />
      );
  }
}
