import type { LoaderFunctionArgs } from 'react-router';
import { latestSamples } from '#server/samples/queries.ts';

/**
 * The home page loader's part for the featured block: the six newest samples in the first HTML.
 * A failed read gives null, and the block then fetches the API itself and shows its error state.
 */
export async function featuredSamplesLoader({ context }: LoaderFunctionArgs) {
  try {
    return { featuredSamples: await latestSamples(context.services.db) };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, 'could not read featured samples');
    return { featuredSamples: null };
  }
}
