/** A sample's genre as a small pill; nothing when the sample has none. */
export function GenreBadge({ genre }: { genre: string | null }) {
  if (!genre) return null;
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent">
      {genre}
    </span>
  );
}
