import type { FeaturedSample, PublicSample } from '#common/samples.ts';
import { samplesPageApiPath, type SamplesPage } from '#common/sample-pages.ts';
import { api, type ApiResult } from '#app/lib/api.ts';

// A body that is not a list counts as no samples.
const asList = <T>(result: ApiResult<unknown>): ApiResult<T[]> =>
  result.ok ? { ok: true, data: Array.isArray(result.data) ? (result.data as T[]) : [] } : result;

/** The featured block's list of the six newest samples. */
export async function fetchLatestSamples(): Promise<ApiResult<FeaturedSample[]>> {
  return asList<FeaturedSample>(await api('GET', '/api/samples/latest/6'));
}

const isPage = (value: unknown): value is SamplesPage =>
  typeof value === 'object' && value !== null && Array.isArray((value as SamplesPage).samples);

/** A page of the /samples list (the samples alone), retried once on failure: the only read of the site that retries. */
export async function fetchSamplesPage(page: number): Promise<ApiResult<PublicSample[]>> {
  const read = async (): Promise<ApiResult<PublicSample[]>> => {
    const result = await api<unknown>('GET', samplesPageApiPath(page));
    return result.ok ? { ok: true, data: isPage(result.data) ? result.data.samples : [] } : result;
  };
  const first = await read();
  return first.ok ? first : read();
}
