/** The studio mark: a short waveform in the accent colour beside the name. */
export function Logo({ name, shortName }: { name: string; shortName: string }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden viewBox="0 0 32 32" width="32" height="32" className="shrink-0">
        <rect width="32" height="32" rx="8" className="fill-accent" />
        {[
          [7, 13, 6],
          [11, 9, 14],
          [15, 6, 20],
          [19, 10, 12],
          [23, 12, 8],
        ].map(([x, y, h]) => (
          <rect key={x} x={x} y={y} width="2.5" height={h} rx="1.25" className="fill-ink" />
        ))}
      </svg>
      {/*
        The short name on phones keeps the header to one line beside Get Started and the menu; screen
        readers always hear the full name (the owner may choose a short name that is not part of it).
      */}
      <span className="whitespace-nowrap text-base font-bold tracking-tight text-fg">
        <span aria-hidden="true" className="sm:hidden">
          {shortName}
        </span>
        <span className="sr-only sm:not-sr-only">{name}</span>
      </span>
    </span>
  );
}
