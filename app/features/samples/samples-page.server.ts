import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { pageNumberFrom, samplesPagePath } from '#common/sample-pages.ts';
import { listSamplesPage } from '#server/samples/queries.ts';
import { samplesOrNull } from './samples-or-null.server.ts';
import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/**
 * A page of /samples in the first HTML (list null: the browser asks the API itself), under the
 * owner's opening band. `/samples/page/1` is /samples; a page past the last, or no page number at
 * all, is not found.
 */
export async function samplesPageLoader({ context, params }: LoaderFunctionArgs) {
  const page = pageNumberFrom(params.page);
  if (page === null) throw data(null, { status: 404 });
  if (params.page !== undefined && page === 1) throw redirect(samplesPagePath(1), 301);
  const [read, content] = await Promise.all([
    samplesOrNull(context, async (db) => ({ found: await listSamplesPage(db, page) }), 'samples for /samples'),
    fromContext(context).services.site.siteContent.current(),
  ]);
  if (read && !read.found) throw data(null, { status: 404 });
  const facts = tokenFactsOf(content);
  const { eyebrow, title, intro } = content.home.samplesPage;
  const hero = { eyebrow: fillTextTokens(eyebrow, facts), title: fillTextTokens(title, facts), intro: fillTextTokens(intro, facts) };
  return { page, list: read?.found ?? null, hero };
}
