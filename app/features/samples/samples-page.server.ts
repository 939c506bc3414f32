import type { LoaderFunctionArgs } from 'react-router';
import { listSamples } from '#server/samples/queries.ts';

/** The /samples list is in the first HTML; if the database read fails the browser tries the API itself. */
export async function samplesPageLoader({ context }: LoaderFunctionArgs) {
  try {
    return { samples: await listSamples(context.services.db) };
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, 'could not list samples for /samples');
    return { samples: null };
  }
}
