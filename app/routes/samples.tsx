import type { Route } from './+types/samples';
import { PageHero } from '#app/components/page-hero.tsx';
import { seo } from '#app/components/seo.ts';
import { SamplesList } from '#app/features/samples/samples-list.tsx';
import { Island } from '#app/islands/island.tsx';
import { listSamples } from '#app/features/samples/samples.server.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: 'Samples',
    description: 'Listen to mixing and mastering samples across genres, right in your browser.',
    path: '/samples',
    keywords: ['mixing and mastering samples', 'mastering before and after', 'mix examples', 'hip-hop mix', 'pop mastering'],
  });

/** The list is in the first HTML; if the database read fails the browser tries the API itself. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, requestId } = fromContext(context);
  try {
    return { samples: await listSamples(services.db) };
  } catch (error) {
    services.logger.error({ err: error, requestId }, 'could not list samples for /samples');
    return { samples: null };
  }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Portfolio" title="Sample Portfolio">
        <p>Hear the difference: mixes and masters across genres. Press play on any track to listen.</p>
      </PageHero>
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <Island name="samples-list" component={SamplesList} props={{ samples: loaderData.samples }} />
      </div>
    </>
  );
}
