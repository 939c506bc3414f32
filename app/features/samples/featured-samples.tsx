import { ButtonLink } from '~/components/ui/button';

// Owned by the samples work (issue 4): it replaces this with the data-driven block and its states.
export function FeaturedSamples() {
  return (
    <section aria-labelledby="featured-samples-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="text-center">
        <h2 id="featured-samples-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Featured Mix &amp; Mastering Samples
        </h2>
        <p className="mt-4 text-lg text-fg-muted">Listen to our latest professionally mastered tracks across various genres</p>
      </div>
      <div className="mt-10 flex justify-center">
        <ButtonLink to="/samples" variant="secondary">
          View All Samples
        </ButtonLink>
      </div>
    </section>
  );
}
