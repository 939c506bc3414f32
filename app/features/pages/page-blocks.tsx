import { MarkdownView } from '#app/components/markdown-view.tsx';
import { OwnerPicture } from '#app/components/owner-picture.tsx';
import { buttonClasses } from '#app/components/ui/button.tsx';
import { CreditsSection } from '#app/features/marketing/credits-section.tsx';
import { CtaBand } from '#app/features/marketing/cta-band.tsx';
import { sectionContainer } from '#app/features/marketing/content-section.tsx';
import { FaqList } from '#app/features/marketing/faq-list.tsx';
import { TestimonialsSection } from '#app/features/marketing/testimonials-section.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { Island } from '#app/islands/island.tsx';
import { cn } from '#app/lib/cn.ts';
import { EmbedFacade } from './embed-facade.tsx';
import type { PageBlockView } from './page-view.server.ts';

const narrow = 'mx-auto w-full max-w-3xl px-4 sm:px-6';

/** One block of an owner's page, rendered on the server; only a player's facade runs code (an island). */
export function PageBlockSection({ block, index }: { block: PageBlockView; index: number }) {
  const id = `block-${index + 1}`;
  switch (block.type) {
    case 'text':
      return (
        <div className={cn(narrow, 'py-8')}>
          <MarkdownView blocks={block.body} className="text-lg" />
        </div>
      );
    case 'image':
      return (
        <figure className={cn(narrow, 'py-8')}>
          <OwnerPicture image={block.image} sizes="(min-width: 768px) 720px, 100vw" className="rounded-2xl" />
          {block.caption ? <figcaption className="mt-3 text-center text-sm text-fg-muted">{block.caption}</figcaption> : null}
        </figure>
      );
    case 'gallery':
      return (
        <ul className={cn(sectionContainer, 'grid gap-6 py-8 sm:grid-cols-2 lg:grid-cols-3')} aria-label="Gallery">
          {block.images.map((entry, at) => (
            <li key={`${entry.image.id}-${at}`}>
              <figure>
                <OwnerPicture
                  image={entry.image}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  className="rounded-xl"
                />
                {entry.caption ? <figcaption className="mt-2 text-sm text-fg-muted">{entry.caption}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      );
    case 'cta':
      return (
        <CtaBand
          id={`${id}-title`}
          title={block.title}
          actions={
            <a
              href={block.link}
              className={buttonClasses('primary', 'lg')}
              {...(block.link.startsWith('/') ? {} : { rel: 'noopener noreferrer' })}
            >
              {block.button}
            </a>
          }
        >
          {block.text ? <p>{block.text}</p> : null}
        </CtaBand>
      );
    case 'faq':
      return (
        <div className={cn(narrow, 'py-8')}>
          <FaqList faq={block.entries} title={block.title || undefined} headingId={`${id}-title`} />
        </div>
      );
    case 'credits':
      return <CreditsSection credits={block.credits} title={block.title || undefined} id={id} />;
    case 'testimonials':
      return (
        <TestimonialsSection
          testimonials={block.testimonials}
          heading={{ eyebrow: 'Testimonials', title: block.title || 'What Artists Say', intro: '' }}
        />
      );
    case 'embed':
      return (
        <div className={cn(narrow, 'py-8')}>
          <Island
            name={ISLAND.embedFacade}
            component={EmbedFacade}
            props={{ provider: block.provider, embedUrl: block.embedUrl, link: block.link, title: block.title }}
          />
        </div>
      );
  }
}
