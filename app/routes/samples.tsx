import type { Route } from './+types/samples.ts';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { samplesPagePath } from '#common/sample-pages.ts';
import { SamplesList } from '#app/features/samples/samples-list.tsx';
import { SamplesPagination } from '#app/features/samples/samples-pagination.tsx';
import { Island } from '#app/islands/island.tsx';
import { ISLAND } from '#app/islands/island-names.ts';
import { samplesPageLoader } from '#app/features/samples/samples-page.server.ts';

// `/samples` and `/samples/page/:page` (app/routes.ts): one page of the portfolio each.
export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page ?? 1;
  return seo(args, {
    title: page > 1 ? `Samples, page ${page}` : 'Samples',
    description: 'Listen to mixing and mastering samples across genres, right in your browser.',
    path: samplesPagePath(page),
    keywords: ['mixing and mastering samples', 'mastering before and after', 'mix examples', 'hip-hop mix', 'pop mastering'],
  });
};

export const loader = samplesPageLoader;

export default function Page({ loaderData }: Route.ComponentProps) {
  const { page, list } = loaderData;
  return (
    <>
      <PageHero eyebrow={loaderData.hero.eyebrow || undefined} title={loaderData.hero.title}>
        {loaderData.hero.intro ? <p>{loaderData.hero.intro}</p> : null}
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <Island name={ISLAND.samplesList} component={SamplesList} props={{ samples: list?.samples ?? null, page }} />
        {list ? <SamplesPagination page={page} pageCount={list.pageCount} /> : null}
      </div>
    </>
  );
}
