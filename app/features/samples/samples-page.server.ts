import type { LoaderFunctionArgs } from 'react-router';
import { listSamples } from '#server/samples/queries.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/** The /samples list is in the first HTML; if the database read fails the browser tries the API itself. */
export async function samplesPageLoader({ context }: LoaderFunctionArgs) {
  const { services, requestId } = fromContext(context);
  try {
    return { samples: await listSamples(services.db) };
  } catch (error) {
    services.logger.error({ err: error, requestId }, 'could not list samples for /samples');
    return { samples: null };
  }
}
