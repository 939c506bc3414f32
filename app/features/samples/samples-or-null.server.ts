import type { Kysely } from 'kysely';
import type { RouterContextProvider } from 'react-router';
import type { Database } from '#server/db/schema.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/**
 * A page's samples for the first HTML, or null when the database read fails: the list on the page
 * then fetches the API itself and shows its own error state, so the page still renders.
 */
export async function samplesOrNull<T>(
  context: Readonly<RouterContextProvider>,
  read: (db: Kysely<Database>) => Promise<T>,
  what: string,
): Promise<T | null> {
  const { services, requestId } = fromContext(context);
  try {
    return await read(services.db);
  } catch (error) {
    services.logger.error({ err: error, requestId }, `could not read ${what}`);
    return null;
  }
}
