/** Numbered steps (the process pages). */
export function StepList({ steps }: { steps: ReadonlyArray<{ number: number; title: string; text: string }> }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {steps.map((step) => (
        <li key={step.number} className="relative rounded-2xl border border-line bg-surface p-6 pt-8">
          <span
            aria-hidden="true"
            className="grid size-11 place-items-center rounded-full border border-accent/50 bg-accent-soft text-lg font-bold text-accent"
          >
            {step.number}
          </span>
          <h3 className="mt-5 text-lg font-semibold text-fg">
            <span className="sr-only">Step {step.number}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-relaxed text-fg-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
