import type { Route } from './+types/home';
import { seo } from '#app/components/seo.ts';
import { INTRO_PRICE_USD, formatPrice } from '#app/content/pricing.ts';
import { ContactForm } from '#app/features/contact/contact-form.tsx';
import { HomeContactSection } from '#app/features/marketing/home-contact-section.tsx';
import { HomeHero } from '#app/features/marketing/home-hero.tsx';
import { PreparingProjectSection } from '#app/features/marketing/preparing-project-section.tsx';
import { ServicePackagesSection } from '#app/features/marketing/service-packages-section.tsx';
import { FeaturedSamples } from '#app/features/samples/featured-samples.tsx';

// The contact form posts here when JavaScript is off (see contact-form.tsx).
export { contactPageAction as action } from '#app/features/contact/contact-action.server.ts';
// The six newest samples for the featured block, rendered into the first HTML.
export { featuredSamplesLoader as loader } from '#app/features/samples/featured-loader.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Professional Audio Mixing & Mastering in Atlanta',
    description:
      `Radio-ready mixing and mastering from Atlanta, GA, for artists worldwide. First song mixed ` +
      `and mastered for ${formatPrice(INTRO_PRICE_USD)}.`,
    path: '/',
  });

/** Sections in the order the spec gives: hero, #services, #process, featured samples, #contact (footer comes from the layout). */
export default function Page() {
  return (
    <>
      <HomeHero />
      <ServicePackagesSection />
      <PreparingProjectSection />
      <FeaturedSamples />
      <HomeContactSection>
        <ContactForm />
      </HomeContactSection>
    </>
  );
}
