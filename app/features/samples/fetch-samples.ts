import type { FeaturedSample, PublicSample } from '#common/samples.ts';

/** GET helper of the public samples calls: a non-OK answer becomes `HTTP {status}: {statusText}`. */
async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, {
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  return response.json();
}

/** The featured block's list; a body that is not an array counts as no samples (SPEC section 4). */
export async function fetchLatestSamples(): Promise<FeaturedSample[]> {
  const body = await getJson('/api/samples/latest/6');
  return Array.isArray(body) ? (body as FeaturedSample[]) : [];
}

/** The /samples list, retried once on failure (the only read that retries, SPEC section 9). */
export async function fetchAllSamples(): Promise<PublicSample[]> {
  try {
    const body = await getJson('/api/samples');
    return Array.isArray(body) ? (body as PublicSample[]) : [];
  } catch {
    const body = await getJson('/api/samples');
    return Array.isArray(body) ? (body as PublicSample[]) : [];
  }
}
