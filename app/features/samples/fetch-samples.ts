import type { FeaturedSample, PublicSample } from '#common/samples.ts';
import { api, type ApiResult } from '#app/lib/api.ts';

// A body that is not a list counts as no samples.
const asList = <T>(result: ApiResult<unknown>): ApiResult<T[]> =>
  result.ok ? { ok: true, data: Array.isArray(result.data) ? (result.data as T[]) : [] } : result;

/** The featured block's list of the six newest samples. */
export async function fetchLatestSamples(): Promise<ApiResult<FeaturedSample[]>> {
  return asList<FeaturedSample>(await api('GET', '/api/samples/latest/6'));
}

/** The /samples list, retried once on failure: the only read of the site that retries. */
export async function fetchAllSamples(): Promise<ApiResult<PublicSample[]>> {
  const first = asList<PublicSample>(await api('GET', '/api/samples'));
  return first.ok ? first : asList<PublicSample>(await api('GET', '/api/samples'));
}
