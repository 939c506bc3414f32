import { Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { locationLabel, phoneHref } from '#common/site-content/format.ts';
import type { SiteEssentials } from '#common/site-content/sections.ts';
import { cn } from '#app/lib/cn.ts';

const linkClass = cn(
  'break-all rounded text-accent underline-offset-4 hover:underline focus-visible:outline-none',
  'focus-visible:ring-2 focus-visible:ring-accent',
);

/** The owner's e-mail, phone (when set), hours, location and the worldwide note. */
export function ContactInfo({ site }: { site: SiteEssentials }) {
  const { email, phone, location } = site.studio;
  const rows = [
    {
      icon: Mail,
      label: 'Email',
      value: (
        <a href={`mailto:${email}`} className={linkClass}>
          {email}
        </a>
      ),
    },
    ...(phone
      ? [
          {
            icon: Phone,
            label: 'Phone',
            value: (
              <a href={phoneHref(phone)} className={linkClass}>
                {phone}
              </a>
            ),
          },
        ]
      : []),
    { icon: Clock, label: 'Business Hours', value: site.hoursText },
    { icon: MapPin, label: 'Location', value: locationLabel(location) },
    { icon: Globe, label: 'Service Area', value: site.studio.serviceArea },
  ];
  return (
    <section aria-labelledby="contact-info-title" className="rounded-2xl border border-line bg-surface p-6 sm:p-8">
      <h2 id="contact-info-title" className="text-xl font-semibold text-fg">
        Contact Information
      </h2>
      <dl className="mt-6 grid gap-5">
        {rows.map(({ icon: Icon, label, value }) => (
          <div key={label} className="relative min-h-10 pl-14">
            <dt className="text-sm text-fg-subtle">
              <span className="absolute top-0 left-0 grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {label}
            </dt>
            <dd className="mt-0.5 font-medium text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
