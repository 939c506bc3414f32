import { CheckCircle2, Lightbulb, Mic, Music } from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { ESSENTIAL_REQUIREMENTS, INSTRUMENTAL_GUIDELINES, PRO_TIPS, VOCAL_GUIDELINES } from '#app/content/file-requirements.ts';
import { SectionHeading, sectionContainer } from './content-section.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

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

/** Home page #process: the file requirements, how to prepare files before sending them. */
export function PreparingProjectSection() {
  return (
    <section id="process" aria-labelledby="process-title" className="border-y border-line bg-surface/40 py-20 sm:py-28">
      <div className={sectionContainer}>
        <SectionHeading id="process-title" eyebrow="Before you send" title="Preparing Your Project">
          <p>Well-prepared files mean a faster turnaround and a better result. Here is what we need from you.</p>
        </SectionHeading>

        <article className="mt-14 rounded-2xl border border-accent/40 bg-surface p-6 sm:p-8">
          <h3 className="flex items-center gap-3 text-xl font-semibold text-fg">
            <CheckCircle2 aria-hidden="true" className="size-6 text-accent" />
            Essential Requirements
          </h3>
          <div className="mt-6 grid gap-8 md:grid-cols-2">
            {ESSENTIAL_REQUIREMENTS.map((group) => (
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

        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <GuidelineCard title="Vocal Track Guidelines" items={VOCAL_GUIDELINES} icon={Mic} />
          <GuidelineCard title="Instrumental Guidelines" items={INSTRUMENTAL_GUIDELINES} icon={Music} />
          <GuidelineCard title="Pro Tips for Best Results" items={PRO_TIPS} icon={Lightbulb} />
        </div>
      </div>
    </section>
  );
}
