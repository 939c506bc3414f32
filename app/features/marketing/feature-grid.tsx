import { cn } from '#app/lib/cn.ts';

/** A grid of small titled cards (what is included, why choose us, quality standards...). */
export function FeatureGrid({ items, columns = 3 }: { items: ReadonlyArray<{ title: string; text: string }>; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn(
        'grid gap-6',
        columns === 2 && 'sm:grid-cols-2',
        columns === 3 && 'md:grid-cols-3',
        columns === 4 && 'sm:grid-cols-2 lg:grid-cols-4',
      )}
    >
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-line bg-surface p-6">
          <span aria-hidden="true" className="block h-1 w-10 rounded-full bg-accent" />
          <h3 className="mt-5 text-lg font-semibold text-fg">{item.title}</h3>
          <p className="mt-2 leading-relaxed text-fg-muted">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
