/** The dashboard's dashed panel for a list with nothing in it. */
export function EmptyNote({ children }: { children: string }) {
  return <p className="rounded-xl border border-dashed border-line-strong px-6 py-12 text-center text-fg-muted">{children}</p>;
}
