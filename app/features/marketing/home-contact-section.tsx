import type { ReactNode } from 'react';
import { contactIntro } from '#app/content/contact.ts';
import { SectionHeading, sectionContainer } from './content-section.tsx';

/** Home page #contact: heading and intro around the contact form, which the route passes in. */
export function HomeContactSection({ responseHours, children }: { responseHours: number; children: ReactNode }) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="border-t border-line bg-surface/40 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="contact-title" eyebrow="Free consultation" title="Start Your Project">
          <p>{contactIntro(responseHours)}</p>
        </SectionHeading>
        <div className="mx-auto mt-12 max-w-2xl">{children}</div>
      </div>
    </section>
  );
}
