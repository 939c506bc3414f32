import { LinkIcon, MailX } from 'lucide-react';
import type { Route } from './+types/newsletter.unsubscribe.$token';
import { seo } from '#app/components/seo.ts';
import { NewsletterCard } from '#app/features/newsletter/newsletter-card.tsx';
import { PAGE_POLICIES, type PageHandle } from '#common/page-policy.ts';

/** The address is the key: never shared, no referrer, never indexed. */
export const handle: PageHandle = { page: PAGE_POLICIES.secretAddress };

export { unsubscribePageLoader as loader } from '#app/features/newsletter/newsletter-pages.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: 'Newsletter', description: 'Leave the newsletter.', noindex: true }),
  { name: 'referrer', content: 'no-referrer' },
];

/** `/newsletter/unsubscribe/:token`: opening it is the one click; the page says it is done. */
export default function UnsubscribeNewsletter({ loaderData: page }: Route.ComponentProps) {
  if (page.kind === 'not-found') {
    return (
      <NewsletterCard icon={<LinkIcon aria-hidden className="size-10 text-accent" />} title="This link is not valid">
        <p className="text-center text-fg-muted">Check that the whole link from the e-mail was opened, or write to the studio.</p>
      </NewsletterCard>
    );
  }
  return (
    <NewsletterCard icon={<MailX aria-hidden className="size-10 text-accent" />} title="You are unsubscribed">
      <p className="text-center text-fg-muted" data-newsletter-state="unsubscribed">
        {page.email} gets no more e-mail from the list. Changed your mind? Sign up again from the footer.
      </p>
    </NewsletterCard>
  );
}
