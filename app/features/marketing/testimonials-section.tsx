import { Quote } from 'lucide-react';
import type { Testimonial } from '#common/site-content/testimonials.ts';
import { cardGridColumns } from '#app/components/card-grid.ts';
import { ContentSection, type SectionWords } from './content-section.tsx';
import { cn } from '#app/lib/cn.ts';

/** What artists say, as the owner entered it; nothing at all when there is nothing to show. */
export function TestimonialsSection({
  testimonials,
  band = false,
  heading = { eyebrow: 'Testimonials', title: 'What Artists Say', intro: '' },
}: {
  testimonials: Testimonial[];
  band?: boolean;
  /** The home page's block words them; the About page shows the same (page-content.server.ts). */
  heading?: SectionWords;
}) {
  if (testimonials.length === 0) return null;
  return (
    <ContentSection
      id="testimonials"
      eyebrow={heading.eyebrow}
      title={heading.title}
      intro={heading.intro ? <p className="whitespace-pre-line">{heading.intro}</p> : undefined}
      band={band}
    >
      <ul className={cn('mt-12 grid gap-6', cardGridColumns(testimonials.length))}>
        {testimonials.map((testimonial) => (
          <li key={`${testimonial.name}-${testimonial.quote.slice(0, 24)}`}>
            <figure className="flex h-full flex-col rounded-2xl border border-line bg-surface p-6 sm:p-8">
              <Quote aria-hidden="true" className="size-6 text-accent" />
              <blockquote className="mt-4 leading-relaxed whitespace-pre-line text-fg">{testimonial.quote}</blockquote>
              <figcaption className="mt-auto pt-6 text-sm">
                {testimonial.url ? (
                  <a
                    href={testimonial.url}
                    rel="noopener noreferrer nofollow"
                    className={cn(
                      'rounded font-semibold text-fg underline-offset-4 hover:text-accent hover:underline',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
                    )}
                  >
                    {testimonial.name}
                  </a>
                ) : (
                  <span className="font-semibold text-fg">{testimonial.name}</span>
                )}
                {testimonial.role ? <span className="block text-fg-subtle">{testimonial.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </ContentSection>
  );
}
