import type { LoaderFunctionArgs } from 'react-router';
import { latestSamples } from '#server/samples/queries.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/**
 * The home page loader's part for the featured block: the six newest samples in the first HTML.
 * A failed read gives null, and the block then fetches the API itself and shows its error state.
 */
export async function featuredSamplesLoader({ context }: LoaderFunctionArgs) {
  const { services, requestId } = fromContext(context);
  try {
    return { featuredSamples: await latestSamples(services.db) };
  } catch (error) {
    services.logger.error({ err: error, requestId }, 'could not read featured samples');
    return { featuredSamples: null };
  }
}
