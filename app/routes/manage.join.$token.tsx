import type { Route } from './+types/manage.join.$token.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { AuthCard } from '#app/features/admin/auth/auth-card.tsx';
import { joinInvitation } from '#app/features/admin/staff/join-invitation.server.ts';
import { JoinForm } from '#app/features/admin/staff/join-form.tsx';
import { fromContext } from '#app/lib/server-context.server.ts';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';
import { STAFF_MESSAGES } from '#common/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES } from '#common/staff-roles.ts';

/*
 * /manage/join/:token: the staff invitation's link (issue 43). Beside the admin's guard (the invitee
 * has no account yet); the token is the address, so no referrer, no index, its case kept.
 */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Join the Studio’s Admin', description: 'Choose your username and password.', noindex: true });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = fromContext(context);
  return { token: params.token, invitation: await joinInvitation(services, params.token) };
}

export default function JoinStaff({ loaderData }: Route.ComponentProps) {
  const { invitation, token } = loaderData;
  if (!invitation) {
    return (
      <AuthCard title="Invitation Not Valid" intro={STAFF_MESSAGES.invalidInvitation}>
        <ButtonLink to="/manage" variant="secondary" className="w-full">
          Go to Login
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Welcome, ${invitation.name}`}
      intro={
        <>
          You are joining as <strong className="text-fg">{STAFF_ROLE_LABELS[invitation.role].toLowerCase()}</strong>:{' '}
          {STAFF_ROLE_SUMMARIES[invitation.role]} Choose how you sign in; two-factor can be set up from the account menu afterwards.
        </>
      }
    >
      <JoinForm token={token} invitation={invitation} />
    </AuthCard>
  );
}
