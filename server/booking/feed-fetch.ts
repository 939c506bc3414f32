import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/*
 * Fetching the owner's calendar feed from the address they pasted, as a guarded client: every hop
 * (the address and each redirect) is resolved and judged before connecting (public-address.ts), and
 * the answer is read up to a size. What went wrong is told in one neutral wording whatever it was
 * (no answer, a refusal, an error status, a page that is not a calendar): the owner's screen must
 * not become a way to tell which ports or services answer behind an address.
 */

/** Google's and Outlook's feeds of a busy calendar stay well under this. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export const FEED_NOT_READ = 'The calendar could not be read from this address: check that you copied its secret iCal (.ics) address';
export const FEED_PRIVATE =
  'The calendar’s address is on a private network: allow private addresses below if the calendar really is on your own network';

export type FeedFetch = { kind: 'fetched'; body: string } | { kind: 'failed'; error: string };

export interface FeedFetchOptions {
  /** The owner allowed an address on a private network (booking settings). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Which addresses count as public: isPublicAddress, unless a test names loopback ones to stand for the internet. */
  isPublic?: (address: string) => boolean;
}

class PrivateAddress extends Error {}

/** DNS resolution that refuses names resolving to a non-public address (all of them are checked, not only the first). */
function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (addresses.some((entry) => !allowed(entry.address))) return callback(new PrivateAddress(), '', 0);
      const chosen = addresses[0];
      if (!chosen) return callback(new Error('no address'), '', 0);
      if (options.all) return (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, addresses);
      callback(null, chosen.address, chosen.family);
    });
  };
}

function get(url: URL, allowed: (address: string) => boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowed(literal)) return Promise.reject(new PrivateAddress());
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      signal,
      lookup: guardedLookup(allowed),
      headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'studio-site calendar reader' },
      agent: false,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

async function readCapped(response: IncomingMessage): Promise<string | null> {
  const declared = Number(response.headers['content-length'] ?? '0');
  if (declared > MAX_FEED_BYTES) {
    response.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_FEED_BYTES) {
      response.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The feed's text as served, following up to MAX_REDIRECTS redirects, each hop judged again. */
export async function fetchFeedText(start: URL, options: FeedFetchOptions): Promise<FeedFetch> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const isPublic = options.isPublic ?? isPublicAddress;
  const allowed = (address: string) => options.allowPrivate || isPublic(address);
  let url = start;
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await get(url, allowed, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        response.resume();
        const next = URL.canParse(location, url) ? new URL(location, url) : null;
        if (!next || (next.protocol !== 'https:' && next.protocol !== 'http:') || next.username || next.password) break;
        url = next;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        break;
      }
      const body = await readCapped(response);
      return body === null ? { kind: 'failed', error: FEED_NOT_READ } : { kind: 'fetched', body };
    }
  } catch (error) {
    if (error instanceof PrivateAddress || (error as { cause?: unknown }).cause instanceof PrivateAddress)
      return { kind: 'failed', error: FEED_PRIVATE };
  }
  return { kind: 'failed', error: FEED_NOT_READ };
}
