import { Check, CheckCircle2, Lightbulb, Mic, Music } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import type { GuideIcon } from '#common/site-content/process.ts';
import { SectionHeading, sectionContainer, type SectionWords } from './content-section.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** The owner's file guide with the studio's facts filled in (process-content.server.ts). */
export interface PreparingView {
  checklistTitle: string;
  checklist: Array<{ title: string; items: string[] }>;
  guides: Array<{ title: string; items: string[]; icon: GuideIcon }>;
}

const GUIDE_ICONS: Record<GuideIcon, Icon> = { mic: Mic, music: Music, tip: Lightbulb, check: Check };

function GuidelineCard({ title, items, icon: IconComponent }: { title: string; items: string[]; icon: Icon }) {
  return (
    <article className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h3 className="flex items-center gap-3 text-lg font-semibold text-fg">
        <span className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">
          <IconComponent aria-hidden="true" className="size-5" />
        </span>
        {title}
      </h3>
      <ul className="mt-5 grid gap-3 text-sm leading-relaxed text-fg-muted">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Home page #process: how to prepare files before sending them, as the owner wrote it (the process section). */
export function PreparingProjectSection({ heading, preparing }: { heading: SectionWords; preparing: PreparingView }) {
  const { checklistTitle, checklist, guides } = preparing;
  return (
    <section id="process" aria-labelledby="process-title" className="border-y border-line bg-surface/40 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="process-title" eyebrow={heading.eyebrow} title={heading.title}>
          {heading.intro ? <p className="whitespace-pre-line">{heading.intro}</p> : null}
        </SectionHeading>

        {checklist.length > 0 ? (
          <article className="mt-14 rounded-2xl border border-accent/40 bg-surface p-6 sm:p-8">
            <h3 className="flex items-center gap-3 text-xl font-semibold text-fg">
              <CheckCircle2 aria-hidden="true" className="size-6 text-accent" />
              {checklistTitle}
            </h3>
            <div className="mt-6 grid gap-8 md:grid-cols-2">
              {checklist.map((group) => (
                <div key={group.title}>
                  <h4 className="font-semibold text-accent">{group.title}</h4>
                  <ul className="mt-4 grid gap-3 text-sm leading-relaxed text-fg">
                    {group.items.map((item) => (
                      <li key={item} className="flex gap-3">
                        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                        <span>{item}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </article>
        ) : null}

        {guides.length > 0 ? (
          <div className="mt-8 grid gap-8 lg:grid-cols-3">
            {guides.map((guide) => (
              <GuidelineCard key={guide.title} title={guide.title} items={guide.items} icon={GUIDE_ICONS[guide.icon]} />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
