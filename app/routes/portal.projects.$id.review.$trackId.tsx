import type { Route } from './+types/portal.projects.$id.review.$trackId.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { SignInCard } from '#app/features/portal/sign-in-card.tsx';
import { ReviewRoom } from '#app/features/review/review-room.tsx';
import type { PortalPageHandle } from './portal-layout.tsx';

function SignedOut() {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent">Client portal · Review room</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">Sign in to listen and comment</h1>
        <p className="mt-3 max-w-2xl text-fg-muted">This review room is private. Ask for a sign-in link and we will e-mail it to you.</p>
      </div>
      <SignInCard />
    </>
  );
}

/** Signed out, the portal layout shows this prompt instead of the room (the loader answers 401). */
export const handle: PortalPageHandle = { signedOut: SignedOut };

export { portalReviewLoader as loader } from '#app/features/review/review-pages.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  const title =
    loaded?.kind === 'room' ? `${loaded.track.title} · Review` : loaded?.kind === 'not-found' ? 'Track not found' : 'Review room';
  return seo(args, { title, description: 'Listen, compare versions and comment on your mix.', noindex: true });
};

// No headers() here: the portal layout's policy makes every portal answer `private, no-store`
// (server/http/pages.ts), and a route's own Cache-Control would be sent as a second copy.

/** `/portal/projects/:id/review/:trackId`: the client's review room for one track (the e-mails link here). */
export default function PortalReview({ loaderData }: Route.ComponentProps) {
  switch (loaderData.kind) {
    case 'signed-out':
      // The layout shows the handle's prompt instead.
      return null;
    case 'not-found':
      return (
        <div className="mx-auto grid max-w-7xl gap-4 px-4 py-10 sm:px-6 lg:px-8">
          <h1 className="text-3xl font-bold tracking-tight text-fg">Track not found</h1>
          <p className="text-fg-muted">There is no track at this address for you. It may belong to another e-mail address.</p>
          <ButtonLink to="/portal" variant="secondary" className="justify-self-start">
            See your projects
          </ButtonLink>
        </div>
      );
    case 'room':
      return (
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <ReviewRoom
            key={`${loaderData.project.id}/${loaderData.track.id}`}
            side="portal"
            access={loaderData.access}
            project={loaderData.project}
            track={loaderData.track}
            initialVersionNumber={loaderData.initialVersionNumber}
            initialSeconds={loaderData.initialSeconds}
          />
        </div>
      );
  }
}
