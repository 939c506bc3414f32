import { LinkIcon, MailCheck } from 'lucide-react';
import type { Route } from './+types/newsletter.confirm.$token';
import { seo } from '#app/components/seo.ts';
import { NewsletterCard } from '#app/features/newsletter/newsletter-card.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** The address is the key: never shared, no referrer, never indexed. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

export { confirmPageLoader as loader } from '#app/features/newsletter/newsletter-pages.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: 'Newsletter', description: 'Confirm the newsletter sign-up.', noindex: true }),
  { name: 'referrer', content: 'no-referrer' },
];

const LINK = 'rounded text-accent underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent';

/** `/newsletter/confirm/:token`: the second step of the double opt-in, with the way out at once. */
export default function ConfirmNewsletter({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === 'not-found') {
    return (
      <NewsletterCard icon={<LinkIcon aria-hidden className="size-10 text-accent" />} title="This link is not valid">
        <p className="text-center text-fg-muted">
          It may have been used already, or a newer e-mail replaced it. Sign up again from the footer.
        </p>
      </NewsletterCard>
    );
  }
  return (
    <NewsletterCard icon={<MailCheck aria-hidden className="size-10 text-accent" />} title="You are on the list">
      <p className="text-center text-fg-muted" data-newsletter-state="confirmed">
        {page.email} will get the studio’s news. Every e-mail carries a link to leave in one click.
      </p>
      <p className="text-center text-sm">
        <a href={page.unsubscribe} rel="nofollow" className={LINK}>
          Unsubscribe
        </a>
      </p>
    </NewsletterCard>
  );
}
