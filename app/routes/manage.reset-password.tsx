import type { Route } from './+types/manage.reset-password.ts';
import { seo } from '#app/components/seo.ts';
import { ButtonLink } from '#app/components/ui/button.tsx';
import { AuthCard } from '#app/features/admin/auth/auth-card.tsx';
import { ResetPasswordForm } from '#app/features/admin/auth/reset-password-form.tsx';

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: 'Reset Password', description: 'Choose a new password for the studio admin panel.', noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

// The token is in the URL: the page stays out of caches, as every /manage answer is `private, no-store`
// (the admin layout's policy covers this address too; a headers() here would send a second copy), and
// the site-wide referrer policy keeps the query string from other origins.

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  if (!loaderData.token) {
    return (
      <AuthCard title="Reset Password" intro="This reset link is incomplete. Request a new one from the login page.">
        <ButtonLink to="/manage" variant="secondary" className="w-full">
          Back to Login
        </ButtonLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a New Password"
      intro="Enter your new password twice. The link works once and expires one hour after it was sent."
    >
      <ResetPasswordForm token={loaderData.token} />
    </AuthCard>
  );
}
