import type { LoaderFunctionArgs } from 'react-router';
import { listSamples } from '#server/samples/queries.ts';
import { samplesOrNull } from './samples-or-null.server.ts';
import { fillTextTokens } from '#common/site-content/content-tokens.ts';
import { tokenFactsOf } from '#common/site-content/service-rules.ts';
import { fromContext } from '#app/lib/server-context.server.ts';

/** The /samples list in the first HTML (null: the browser asks the API itself), under the owner's opening band. */
export async function samplesPageLoader({ context }: LoaderFunctionArgs) {
  const [samples, content] = await Promise.all([
    samplesOrNull(context, listSamples, 'samples for /samples'),
    fromContext(context).services.site.siteContent.current(),
  ]);
  const facts = tokenFactsOf(content);
  const { eyebrow, title, intro } = content.home.samplesPage;
  const hero = { eyebrow: fillTextTokens(eyebrow, facts), title: fillTextTokens(title, facts), intro: fillTextTokens(intro, facts) };
  return { samples, hero };
}
