import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { pageNumberFrom, samplesPagePath } from '#common/sample-pages.ts';
import { listSamplesPage } from '#server/samples/queries.ts';
import { samplesOrNull } from './samples-or-null.server.ts';

/**
 * A page of /samples in the first HTML (list null: the browser asks the API itself). `/samples/page/1`
 * is /samples; a page past the last, or no page number at all, is not found.
 */
export async function samplesPageLoader({ context, params }: LoaderFunctionArgs) {
  const page = pageNumberFrom(params.page);
  if (page === null) throw data(null, { status: 404 });
  if (params.page !== undefined && page === 1) throw redirect(samplesPagePath(1), 301);
  const read = await samplesOrNull(context, async (db) => ({ found: await listSamplesPage(db, page) }), 'samples for /samples');
  if (read && !read.found) throw data(null, { status: 404 });
  return { page, list: read?.found ?? null };
}
