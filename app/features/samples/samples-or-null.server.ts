import type { Kysely } from 'kysely';
import type { AppLoadContext } from 'react-router';
import type { Database } from '#server/db/schema.ts';

/**
 * A page's samples for the first HTML, or null when the database read fails: the list on the page
 * then fetches the API itself and shows its own error state, so the page still renders.
 */
export async function samplesOrNull<T>(
  context: AppLoadContext,
  read: (db: Kysely<Database>) => Promise<T>,
  what: string,
): Promise<T | null> {
  try {
    return await read(context.services.db);
  } catch (error) {
    context.services.logger.error({ err: error, requestId: context.requestId }, `could not read ${what}`);
    return null;
  }
}
