import type { Route } from './+types/contact';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo, siteFromMeta } from '#app/components/seo.ts';
import { contactIntro } from '#app/content/contact.ts';
import { ContactFormIsland } from '#app/features/contact/contact-form-island.tsx';
import { BookCallout } from '#app/features/marketing/book-callout.tsx';
import { ContactInfo } from '#app/features/marketing/contact-info.tsx';
import { FaqList } from '#app/features/marketing/faq-list.tsx';
import { faqContent } from '#app/features/marketing/page-content.server.ts';
import { ServicesGlance } from '#app/features/marketing/services-glance.tsx';
import { servicesGlance } from '#app/features/marketing/services-content.server.ts';
import { useSite } from '#app/lib/root-data.ts';

// The contact form posts here when JavaScript is off (see contact-form.tsx).
export { contactPageAction as action } from '#app/features/contact/contact-action.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const [faq, services] = await Promise.all([faqContent(context), servicesGlance(context)]);
  return { ...faq, services };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Free Consultation',
    description: contactIntro(siteFromMeta(args)?.studio.responseHours ?? 24),
    path: '/contact',
    keywords: ({ location: { city } }) => [
      'free mixing consultation',
      'mixing and mastering quote',
      'hire a mixing engineer',
      `${city} recording studio contact`,
    ],
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHero eyebrow="Contact" title="Free Consultation">
        <p>{contactIntro(site.studio.responseHours)}</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:px-8">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8 lg:self-start">
          <h2 id="contact-form-title" className="text-2xl font-semibold text-fg">
            Tell Us About Your Project
          </h2>
          <p className="mt-2 text-fg-muted">Share a few details and a link to your music if you have one. The consultation is free.</p>
          <BookCallout className="mt-6" />
          <div className="mt-6">
            <ContactFormIsland />
          </div>
        </section>
        <div className="grid content-start gap-8">
          <ContactInfo site={site} />
          <ServicesGlance services={loaderData.services} />
          <FaqList faq={loaderData.faq} />
        </div>
      </div>
    </>
  );
}
