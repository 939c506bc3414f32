import type { ReactNode } from 'react';
import { SectionHeading, sectionContainer, type SectionWords } from './content-section.tsx';

/** Home page #contact: heading and intro around the contact form, which the route passes in. */
export function HomeContactSection({ heading, children }: { heading: SectionWords; children: ReactNode }) {
  return (
    <section id="contact" aria-labelledby="contact-title" className="border-t border-line bg-surface/40 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="contact-title" eyebrow={heading.eyebrow} title={heading.title}>
          {heading.intro ? <p className="whitespace-pre-line">{heading.intro}</p> : null}
        </SectionHeading>
        <div className="mx-auto mt-12 max-w-2xl">{children}</div>
      </div>
    </section>
  );
}
