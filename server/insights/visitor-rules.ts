import { isbot } from 'isbot';

/*
 * What a request says about its visitor, read without cookies or stored addresses (decision 106): is
 * it a person at all, where did they come from, what kind of device, which country (from the language
 * they ask for, or a header the operator's proxy sets). One file, so the rules are read and tested
 * together.
 */

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const header = (headers: Headers, name: string): string => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

/** Crawlers, link previewers, monitors and headless browsers (isbot's list), and requests with no browser name at all. */
export function isAutomated(headers: Headers): boolean {
  const agent = header(headers, 'user-agent');
  return agent.trim() === '' || isbot(agent) || /HeadlessChrome|Lighthouse|PTST|Google-InspectionTool/i.test(agent);
}

/** A browser fetching a page the person may never see (link prefetch, prerender, speculation rules). */
export function isPrefetch(headers: Headers): boolean {
  const purpose = ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'].map((name) => header(headers, name)).join(' ');
  return /prefetch|prerender|preview/i.test(purpose);
}

/** A navigation to a page (not a script's fetch, an image or a frame), by the Fetch Metadata when the browser sends it. */
export function isDocumentRequest(headers: Headers): boolean {
  const destination = header(headers, 'sec-fetch-dest');
  if (destination) return destination === 'document';
  return header(headers, 'accept').includes('text/html');
}

/** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked. */
export function asksNotToBeTracked(headers: Headers): boolean {
  return header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1';
}

export type Device = 'mobile' | 'tablet' | 'desktop';

/** The device class a browser names: phones say "Mobi", tablets name themselves or are Android without it. */
export function deviceOf(headers: Headers): Device {
  const agent = header(headers, 'user-agent');
  if (/iPad|Tablet|Kindle|Silk|PlayBook/i.test(agent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(agent)) return 'mobile';
  if (/Android/i.test(agent)) return 'tablet';
  return 'desktop';
}

/**
 * The visitor's country: the operator's proxy header when one is configured (`CF-IPCountry`, …), else
 * the region of the first language the browser asks for (`en-GB` → GB); null when neither says.
 */
export function countryOf(headers: Headers, proxyHeader: string | null): string | null {
  if (proxyHeader) {
    const code = header(headers, proxyHeader.toLowerCase()).trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1') return code;
  }
  const first = header(headers, 'accept-language').split(',')[0]?.trim() ?? '';
  const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/i.exec(first)?.[1];
  return region ? region.toUpperCase() : null;
}

export type SourceGroup = 'direct' | 'search' | 'social' | 'streaming' | 'referral' | 'campaign';

const GROUPS: ReadonlyArray<[Exclude<SourceGroup, 'direct' | 'referral' | 'campaign'>, RegExp]> = [
  [
    'search',
    /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.com|ecosia\.org|baidu\.com|yandex\.[a-z]+|search\.brave\.com|startpage\.com|qwant\.com|kagi\.com)$/,
  ],
  [
    'social',
    /(^|\.)(facebook\.com|fb\.com|instagram\.com|t\.co|twitter\.com|x\.com|tiktok\.com|linkedin\.com|lnkd\.in|reddit\.com|threads\.net|youtube\.com|youtu\.be|pinterest\.com|snapchat\.com|discord\.com|bsky\.app|l\.facebook\.com|lm\.facebook\.com)$/,
  ],
  [
    'streaming',
    /(^|\.)(spotify\.com|music\.apple\.com|soundcloud\.com|bandcamp\.com|tidal\.com|deezer\.com|audiomack\.com|music\.amazon\.[a-z.]+|music\.youtube\.com|beatport\.com)$/,
  ],
];

export interface Source {
  group: SourceGroup;
  /** The referring site's host without `www.`; null for direct visits and the site's own pages. */
  domain: string | null;
  /** true when the visit came from outside the site (a landing page). */
  entry: boolean;
  /** `utm_campaign` (or `utm_source` when only it is given), trimmed to 80 characters. */
  campaign: string | null;
}

function hostOf(address: string): string | null {
  try {
    return new URL(address).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Where a view came from: the Referer's site, grouped, and the page address's campaign tags. */
export function sourceOf(headers: Headers, query: URLSearchParams, ownHost: string): Source {
  const campaign = (query.get('utm_campaign') || query.get('utm_source') || '').trim().slice(0, 80) || null;
  const domain = hostOf(header(headers, 'referer'));
  const own = ownHost.toLowerCase().replace(/^www\./, '');
  if (domain === own) return { group: campaign ? 'campaign' : 'direct', domain: null, entry: false, campaign };
  const grouped = domain ? (GROUPS.find(([, pattern]) => pattern.test(domain))?.[0] ?? 'referral') : 'direct';
  return { group: campaign && grouped === 'direct' ? 'campaign' : grouped, domain, entry: true, campaign };
}
