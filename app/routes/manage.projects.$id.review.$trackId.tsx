import type { Route } from './+types/manage.projects.$id.review.$trackId.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { ReviewRoom } from '#app/features/review/review-room.tsx';
import { UploadVersion } from '#app/features/review/upload-version.tsx';

export { manageReviewLoader as loader } from '#app/features/review/review-pages.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  const title = loaded?.kind === 'room' ? `${loaded.track.title} · Review · Admin` : 'Review room · Admin';
  return seo(args, { title, description: 'The studio side of a track’s review room.', noindex: true });
};

// No headers() here: the admin layout's policy makes every /manage answer `private, no-store`
// (server/http/pages.ts), and a route's own Cache-Control would be sent as a second copy.

/**
 * `/manage/projects/:id/review/:trackId`: the studio's review room for one track. The admin layout
 * gives it the login screen or the admin's shell; the dashboard's tabs are not around it.
 */
export default function ManageReview({ loaderData }: Route.ComponentProps) {
  // Signed out, the layout shows the login screen instead.
  if (loaderData.kind === 'signed-out') return null;
  return loaderData.kind === 'not-found' ? (
    <div className="grid gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-fg">Track not found</h1>
      <p className="text-fg-muted">This project has no such track, or the project does not exist.</p>
      <ButtonLink to="/manage/projects" variant="secondary" className="justify-self-start">
        All projects
      </ButtonLink>
    </div>
  ) : (
    <ReviewRoom
      key={`${loaderData.project.id}/${loaderData.track.id}`}
      side="manage"
      project={loaderData.project}
      track={loaderData.track}
      initialVersionNumber={loaderData.initialVersionNumber}
      initialSeconds={loaderData.initialSeconds}
      renderUpload={(track, reloadTrack) => (
        <UploadVersion
          projectId={loaderData.project.id}
          trackId={track.id}
          nextNumber={Math.max(0, ...track.versions.map((version) => version.number)) + 1}
          onUploaded={reloadTrack}
          initiallyOpen={track.versions.length === 0}
        />
      )}
    />
  );
}
