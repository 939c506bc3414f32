/*
 * The players an owner may put on a page (decision 119): a link from one of six providers becomes the
 * provider's own embed address, worked out here from the link's shape alone. The owner never pastes
 * HTML, and nothing here fetches anything: the server stores what this answers, and a page that
 * shows one allows exactly that provider's frame origin.
 */

export const EMBED_PROVIDERS = ['spotify', 'apple-music', 'youtube', 'soundcloud', 'bandcamp', 'vimeo'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];

interface ProviderFacts {
  name: string;
  /** The only origin a page with this provider's player may frame. */
  frameOrigin: string;
  /** The player's height in CSS pixels; video players keep 16:9 instead. */
  height: number | 'video';
}

export const PROVIDER_FACTS: Record<EmbedProvider, ProviderFacts> = {
  spotify: { name: 'Spotify', frameOrigin: 'https://open.spotify.com', height: 352 },
  'apple-music': { name: 'Apple Music', frameOrigin: 'https://embed.music.apple.com', height: 450 },
  youtube: { name: 'YouTube', frameOrigin: 'https://www.youtube-nocookie.com', height: 'video' },
  soundcloud: { name: 'SoundCloud', frameOrigin: 'https://w.soundcloud.com', height: 352 },
  bandcamp: { name: 'Bandcamp', frameOrigin: 'https://bandcamp.com', height: 470 },
  vimeo: { name: 'Vimeo', frameOrigin: 'https://player.vimeo.com', height: 'video' },
};

export interface CheckedEmbed {
  provider: EmbedProvider;
  /** The address the iframe loads, built here, never taken from the owner as it was. */
  embedUrl: string;
  /** Where a visitor without JavaScript (or who prefers the provider's site) is sent. */
  link: string;
}

export type EmbedCheck = { ok: true; embed: CheckedEmbed } | { ok: false; message: string };

const ID = /^[A-Za-z0-9_-]+$/;
const SPOTIFY_KINDS = new Set(['track', 'album', 'playlist', 'artist', 'episode', 'show']);
const APPLE_KINDS = new Set(['album', 'playlist', 'song', 'music-video', 'station']);

const segments = (url: URL) => url.pathname.split('/').filter(Boolean);

function spotify(url: URL): CheckedEmbed | null {
  let parts = segments(url);
  if (parts[0] === 'embed') parts = parts.slice(1);
  if (parts[0]?.startsWith('intl-')) parts = parts.slice(1);
  const [kind, id] = parts;
  if (parts.length !== 2 || !kind || !id || !SPOTIFY_KINDS.has(kind) || !/^[A-Za-z0-9]{10,40}$/.test(id)) return null;
  return { provider: 'spotify', embedUrl: `https://open.spotify.com/embed/${kind}/${id}`, link: `https://open.spotify.com/${kind}/${id}` };
}

function appleMusic(url: URL): CheckedEmbed | null {
  const parts = segments(url);
  const [country, kind, ...rest] = parts;
  if (!country || !/^[a-z]{2}$/.test(country) || !kind || !APPLE_KINDS.has(kind) || rest.length < 1 || rest.length > 2) return null;
  if (!rest.every((part) => /^[A-Za-z0-9._%-]+$/.test(part))) return null;
  const song = url.searchParams.get('i');
  if (song !== null && !/^\d{1,20}$/.test(song)) return null;
  const path = `${country}/${kind}/${rest.join('/')}${song ? `?i=${song}` : ''}`;
  return { provider: 'apple-music', embedUrl: `https://embed.music.apple.com/${path}`, link: `https://music.apple.com/${path}` };
}

function youtubeId(url: URL): string | null {
  const parts = segments(url);
  if (url.hostname === 'youtu.be') return parts.length === 1 ? (parts[0] ?? null) : null;
  if (parts[0] === 'watch' && parts.length === 1) return url.searchParams.get('v');
  if (['embed', 'shorts', 'live'].includes(parts[0] ?? '') && parts.length === 2) return parts[1] ?? null;
  return null;
}

function youtube(url: URL): CheckedEmbed | null {
  const id = youtubeId(url);
  if (!id || !/^[A-Za-z0-9_-]{11}$/.test(id)) return null;
  return { provider: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${id}`, link: `https://www.youtube.com/watch?v=${id}` };
}

function soundcloud(url: URL): CheckedEmbed | null {
  const parts = segments(url);
  const shape = parts.length === 2 || (parts.length === 3 && parts[1] === 'sets');
  if (!shape || !parts.every((part) => ID.test(part))) return null;
  const link = `https://soundcloud.com/${parts.join('/')}`;
  const embedUrl = `https://w.soundcloud.com/player/?url=${encodeURIComponent(link)}&visual=true&show_comments=false`;
  return { provider: 'soundcloud', embedUrl, link };
}

/** Bandcamp names a player by a number only its Share / Embed dialog shows: that address is what it takes. */
function bandcamp(url: URL): CheckedEmbed | null {
  const match = /^\/EmbeddedPlayer\/(?:v=2\/)?(album|track)=(\d{1,20})(?:\/|$)/.exec(url.pathname);
  if (!match) return null;
  const embedUrl = `https://bandcamp.com/EmbeddedPlayer/${match[1]}=${match[2]}/size=large/tracklist=false/transparent=true/`;
  return { provider: 'bandcamp', embedUrl, link: embedUrl };
}

function vimeo(url: URL): CheckedEmbed | null {
  const parts = segments(url);
  const id = url.hostname === 'player.vimeo.com' ? (parts[0] === 'video' && parts.length === 2 ? parts[1] : null) : parts.at(-1);
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  return { provider: 'vimeo', embedUrl: `https://player.vimeo.com/video/${id}?dnt=1`, link: `https://vimeo.com/${id}` };
}

const READERS: Record<EmbedProvider, (url: URL) => CheckedEmbed | null> = {
  spotify,
  'apple-music': appleMusic,
  youtube,
  soundcloud,
  bandcamp,
  vimeo,
};

const HOSTS: Record<string, EmbedProvider> = {
  'open.spotify.com': 'spotify',
  'music.apple.com': 'apple-music',
  'embed.music.apple.com': 'apple-music',
  'www.youtube.com': 'youtube',
  'youtube.com': 'youtube',
  'm.youtube.com': 'youtube',
  'music.youtube.com': 'youtube',
  'youtu.be': 'youtube',
  'www.youtube-nocookie.com': 'youtube',
  'soundcloud.com': 'soundcloud',
  'm.soundcloud.com': 'soundcloud',
  'bandcamp.com': 'bandcamp',
  'vimeo.com': 'vimeo',
  'www.vimeo.com': 'vimeo',
  'player.vimeo.com': 'vimeo',
};

const NOT_A_PLAYER = 'Paste a link to a Spotify, Apple Music, YouTube, SoundCloud, Bandcamp or Vimeo page';
const BANDCAMP_HINT = 'Use the address in the src of Bandcamp’s Share / Embed code (https://bandcamp.com/EmbeddedPlayer/…)';

/** A provider's link (https only, no HTML, no other host) as the player to embed, or why not. */
export function checkEmbedUrl(input: string): EmbedCheck {
  const text = input.trim();
  if (text.length === 0 || text.length > 2048 || !URL.canParse(text)) return { ok: false, message: NOT_A_PLAYER };
  const url = new URL(text);
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '')
    return { ok: false, message: 'The link must be an https address' };
  const host = url.hostname.toLowerCase();
  if (host.endsWith('.bandcamp.com')) return { ok: false, message: BANDCAMP_HINT };
  const provider = HOSTS[host];
  if (!provider) return { ok: false, message: NOT_A_PLAYER };
  const embed = READERS[provider](url);
  if (embed) return { ok: true, embed };
  if (provider === 'bandcamp') return { ok: false, message: BANDCAMP_HINT };
  return { ok: false, message: `This ${PROVIDER_FACTS[provider].name} link does not name a track, album, playlist or video` };
}

/** The frame origins of the providers a page shows, each once, in a stable order. */
export function frameOriginsOf(providers: Iterable<EmbedProvider>): string[] {
  return [...new Set([...providers].map((provider) => PROVIDER_FACTS[provider].frameOrigin))].sort();
}

/**
 * The header a page's response names its players' frame origins in (space-separated). The server
 * takes it off and writes those origins into the page's Content-Security-Policy as frame-src.
 */
export const FRAME_SOURCES_HEADER = 'x-page-frame-sources';
