import { describe, expect, it } from 'vitest';
import { asksNotToBeTracked, countryOf, deviceOf, isAutomated, isDocumentRequest, isPrefetch, sourceOf } from './visitor-rules.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('who is visiting', () => {
  it('leaves out crawlers, previewers, headless browsers and requests with no browser name', () => {
    expect(isAutomated({ 'user-agent': CHROME })).toBe(false);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ]) {
      expect(isAutomated({ 'user-agent': agent }), agent).toBe(true);
    }
    expect(isAutomated({})).toBe(true);
  });

  it('tells prefetches and non-documents from navigations', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({})).toBe(false);
    expect(isDocumentRequest({ 'sec-fetch-dest': 'document' })).toBe(true);
    expect(isDocumentRequest({ 'sec-fetch-dest': 'empty', accept: 'text/html' })).toBe(false);
    expect(isDocumentRequest({ accept: 'text/html,application/xhtml+xml' })).toBe(true);
    expect(isDocumentRequest({ accept: '*/*' })).toBe(false);
  });

  it('hears Do Not Track and Global Privacy Control', () => {
    expect(asksNotToBeTracked({ dnt: '1' })).toBe(true);
    expect(asksNotToBeTracked({ 'sec-gpc': '1' })).toBe(true);
    expect(asksNotToBeTracked({ dnt: '0' })).toBe(false);
  });

  it('names the device class from the browser', () => {
    expect(deviceOf({ 'user-agent': CHROME })).toBe('desktop');
    expect(deviceOf({ 'user-agent': IPHONE })).toBe('mobile');
    expect(deviceOf({ 'user-agent': IPAD })).toBe('tablet');
    expect(deviceOf({ 'user-agent': ANDROID_TABLET })).toBe('tablet');
  });

  it('takes the country from the proxy header when configured, else from the first language region', () => {
    expect(countryOf({ 'accept-language': 'en-GB,en;q=0.9' }, null)).toBe('GB');
    expect(countryOf({ 'accept-language': 'zh-Hant-TW,zh;q=0.8' }, null)).toBe('TW');
    expect(countryOf({ 'accept-language': 'fr' }, null)).toBeNull();
    expect(countryOf({ 'cf-ipcountry': 'de', 'accept-language': 'en-US' }, 'CF-IPCountry')).toBe('DE');
    // Cloudflare's "unknown" and Tor codes are no country: the language speaks instead.
    expect(countryOf({ 'cf-ipcountry': 'XX', 'accept-language': 'en-US' }, 'CF-IPCountry')).toBe('US');
  });
});

describe('where a visit came from', () => {
  const none = new URLSearchParams();
  it('groups referrers into search, social, streaming and other sites, and own pages are no source', () => {
    expect(sourceOf({ referer: 'https://www.google.com/' }, none, 'studio.example')).toEqual({
      group: 'search',
      domain: 'google.com',
      entry: true,
      campaign: null,
    });
    expect(sourceOf({ referer: 'https://l.instagram.com/?u=x' }, none, 'studio.example').group).toBe('social');
    expect(sourceOf({ referer: 'https://open.spotify.com/track/1' }, none, 'studio.example').group).toBe('streaming');
    expect(sourceOf({ referer: 'https://blog.example.org/post' }, none, 'studio.example')).toMatchObject({
      group: 'referral',
      domain: 'blog.example.org',
    });
    expect(sourceOf({}, none, 'studio.example')).toEqual({ group: 'direct', domain: null, entry: true, campaign: null });
    expect(sourceOf({ referer: 'https://www.studio.example/samples' }, none, 'studio.example')).toEqual({
      group: 'direct',
      domain: null,
      entry: false,
      campaign: null,
    });
  });

  it('keeps the campaign tag, and a tagged visit with no referrer is a campaign visit', () => {
    const tagged = new URLSearchParams('utm_source=newsletter&utm_campaign=winter-sale');
    expect(sourceOf({}, tagged, 'studio.example')).toMatchObject({ group: 'campaign', campaign: 'winter-sale' });
    expect(sourceOf({ referer: 'https://www.google.com/' }, tagged, 'studio.example')).toMatchObject({
      group: 'search',
      campaign: 'winter-sale',
    });
    expect(sourceOf({}, new URLSearchParams('utm_source=flyer'), 'studio.example').campaign).toBe('flyer');
  });
});
