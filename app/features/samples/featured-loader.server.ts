import type { LoaderFunctionArgs } from 'react-router';
import { latestSamples } from '#server/samples/queries.ts';
import { samplesOrNull } from './samples-or-null.server.ts';

/**
 * The home page loader's part for the featured block: the first six samples in the owner's order, in the first HTML.
 * A failed read gives null, and the block then fetches the API itself and shows its error state.
 */
export async function featuredSamplesLoader({ context }: LoaderFunctionArgs) {
  return { featuredSamples: await samplesOrNull(context, latestSamples, 'featured samples') };
}
