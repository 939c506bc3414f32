import type { LoaderFunctionArgs } from 'react-router';
import { listSamples } from '#server/samples/queries.ts';
import { samplesOrNull } from './samples-or-null.server.ts';

/** The /samples list in the first HTML (null: the browser asks the API itself). */
export async function samplesPageLoader({ context }: LoaderFunctionArgs) {
  return { samples: await samplesOrNull(context, listSamples, 'samples for /samples') };
}
