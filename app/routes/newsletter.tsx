import { MailCheck } from 'lucide-react';
import type { Route } from './+types/newsletter';
import { seo } from '#app/components/seo.ts';
import { NewsletterCard } from '#app/features/newsletter/newsletter-card.tsx';
import { NewsletterSignUp } from '#app/features/newsletter/newsletter-sign-up.tsx';

export { newsletterPageLoader as loader, newsletterPageAction as action } from '#app/features/newsletter/newsletter-pages.server.ts';

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: 'Newsletter', description: 'Sign up for the studio’s news.', noindex: true }),
];

/** `/newsletter`: the sign-up on its own, and the footer form's answer when it is sent without JavaScript. */
export default function NewsletterPage({ loaderData: words, actionData: answer }: Route.ComponentProps) {
  if (answer?.status === 'accepted') {
    return (
      <NewsletterCard icon={<MailCheck aria-hidden className="size-10 text-accent" />} title="Check your inbox">
        <p className="text-center text-fg-muted" data-newsletter-answer="accepted">
          {answer.message} Open the link in it to confirm.
        </p>
      </NewsletterCard>
    );
  }
  return (
    <NewsletterCard icon={<MailCheck aria-hidden className="size-10 text-accent" />} title={words.title}>
      <div className="justify-self-center">
        <NewsletterSignUp
          words={{ ...words, title: 'Your e-mail address' }}
          idPrefix="page-newsletter"
          email={answer?.status === 'refused' ? answer.email : ''}
          error={answer?.status === 'refused' ? answer.message : undefined}
        />
      </div>
    </NewsletterCard>
  );
}
