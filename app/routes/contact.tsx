import type { Route } from './+types/contact';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { CONTACT_INTRO } from '#app/content/contact.ts';
import { ContactForm } from '#app/features/contact/contact-form.tsx';
import { ContactInfo } from '#app/features/marketing/contact-info.tsx';
import { FaqList } from '#app/features/marketing/faq-list.tsx';
import { ServicesGlance } from '#app/features/marketing/services-glance.tsx';
import { useRootData } from '#app/root.tsx';

// The contact form posts here when JavaScript is off (see contact-form.tsx).
export { contactPageAction as action } from '#app/features/contact/contact-action.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Free Consultation',
    description: CONTACT_INTRO,
    path: '/contact',
  });

export default function Page() {
  const { studioEmail } = useRootData();
  return (
    <>
      <PageHero eyebrow="Contact" title="Free Consultation">
        <p>{CONTACT_INTRO}</p>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1.4fr_1fr] lg:px-8">
        <section aria-labelledby="contact-form-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
          <h2 id="contact-form-title" className="text-2xl font-semibold text-fg">
            Tell Us About Your Project
          </h2>
          <p className="mt-2 text-fg-muted">Share a few details and a link to your music if you have one. The consultation is free.</p>
          <div className="mt-6">
            <ContactForm />
          </div>
        </section>
        <div className="grid content-start gap-8">
          <ContactInfo email={studioEmail} />
          <ServicesGlance />
          <FaqList />
        </div>
      </div>
    </>
  );
}
