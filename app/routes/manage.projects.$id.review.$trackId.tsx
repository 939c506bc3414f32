import { useRevalidator } from 'react-router';
import type { Route } from './+types/manage.projects.$id.review.$trackId.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { AdminDashboard } from '#app/features/admin/admin-dashboard.tsx';
import { LoadingAdminPanel } from '#app/features/admin/auth/loading-admin-panel.tsx';
import { LoginScreen } from '#app/features/admin/auth/login-screen.tsx';
import { ReviewRoom } from '#app/features/review/review-room.tsx';
import { UploadVersion } from '#app/features/review/upload-version.tsx';

export { manageReviewLoader as loader } from '#app/features/review/review-pages.server.ts';

export const meta: Route.MetaFunction = (args) => {
  const loaded = args.loaderData;
  const title = loaded?.kind === 'room' ? `${loaded.track.title} · Review · Admin` : 'Review room · Admin';
  return seo(args, { title, description: 'The studio side of a track’s review room.', noindex: true });
};

// No headers() here: the server already marks every /portal and /manage answer `private, no-store`
// (server/http/pages.ts), and a route's own Cache-Control would be sent as a second copy.

/** `/manage/projects/:id/review/:trackId`: the studio's review room for one track, in the admin's shell. */
export default function ManageReview({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  if (revalidator.state === 'loading') return <LoadingAdminPanel />;
  if (loaderData.kind === 'signed-out') return <LoginScreen onLoggedIn={reload} />;
  return (
    <AdminDashboard admin={loaderData.admin} version={loaderData.version} onLoggedOut={reload}>
      {loaderData.kind === 'not-found' ? (
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
          initialVersionId={loaderData.initialVersionId}
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
      )}
    </AdminDashboard>
  );
}
