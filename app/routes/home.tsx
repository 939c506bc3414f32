import type { Route } from './+types/home';
import { seo } from '~/components/seo';
import { INTRO_PRICE_USD, formatPrice } from '~/content/pricing';
import { ContactForm } from '~/features/contact/contact-form';
import { HomeContactSection } from '~/features/marketing/home-contact-section';
import { HomeHero } from '~/features/marketing/home-hero';
import { PreparingProjectSection } from '~/features/marketing/preparing-project-section';
import { ServicePackagesSection } from '~/features/marketing/service-packages-section';
import { FeaturedSamples } from '~/features/samples/featured-samples';

// The contact form posts here when JavaScript is off (see contact-form.tsx).
export { contactPageAction as action } from '~/features/contact/contact-action.server';
// The six newest samples for the featured block, rendered into the first HTML.
export { featuredSamplesLoader as loader } from '~/features/samples/featured-loader.server';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Professional Audio Mixing & Mastering in Atlanta',
    description: `Radio-ready mixing and mastering from Atlanta, GA, for artists worldwide. First song mixed and mastered for ${formatPrice(INTRO_PRICE_USD)}.`,
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
