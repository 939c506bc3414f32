import { MailCheck } from 'lucide-react';
import { SIGN_IN_LINK_DAYS } from '#common/projects.ts';
import { SignInForm } from './sign-in-form.tsx';

/** The sign-in form in its card, with what happens next. */
export function SignInCard({ linkInvalid = false }: { linkInvalid?: boolean }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:px-8">
      <section aria-labelledby="sign-in-heading" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
        <h2 id="sign-in-heading" className="text-2xl font-semibold text-fg">
          Sign in
        </h2>
        <p className="mt-2 text-fg-muted">Enter the e-mail address your project is under. We will send you a link that signs you in.</p>
        <div className="mt-6">
          <SignInForm linkInvalid={linkInvalid} />
        </div>
      </section>
      <aside aria-labelledby="how-heading" className="grid content-start gap-4 rounded-2xl border border-line p-6 sm:p-8">
        <MailCheck aria-hidden className="size-8 text-accent" />
        <h2 id="how-heading" className="text-lg font-semibold text-fg">
          How it works
        </h2>
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-fg-muted marker:text-accent">
          <li>The studio opens a project for your song and invites you.</li>
          <li>You sign in from the link in your e-mail: it works once, for {SIGN_IN_LINK_DAYS} days.</li>
          <li>Upload your stems and references, follow the work, download your masters.</li>
        </ol>
        <p className="text-sm text-fg-subtle">Lost the e-mail? Ask for a new link here at any time.</p>
      </aside>
    </div>
  );
}
