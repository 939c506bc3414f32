import { describe, expect, it } from 'vitest';
import { checkEmbedUrl, frameOriginsOf } from './embeds.ts';

const embedOf = (url: string) => {
  const checked = checkEmbedUrl(url);
  if (!checked.ok) throw new Error(`refused ${url}: ${checked.message}`);
  return checked.embed;
};

describe('a pasted player link', () => {
  it('becomes each provider’s own embed address', () => {
    expect(embedOf('https://open.spotify.com/intl-de/album/4aawyAB9vmqN3uQ7FjRGTy?si=abc')).toEqual({
      provider: 'spotify',
      embedUrl: 'https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy',
      link: 'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
    });
    expect(embedOf('https://music.apple.com/us/album/some-album/1440857781?i=1440857795').embedUrl).toBe(
      'https://embed.music.apple.com/us/album/some-album/1440857781?i=1440857795',
    );
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    ])
      expect(embedOf(url).embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embedOf('https://soundcloud.com/artist-name/track-name').embedUrl).toBe(
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fartist-name%2Ftrack-name&visual=true&show_comments=false',
    );
    expect(embedOf('https://bandcamp.com/EmbeddedPlayer/album=1234567890/size=large/bgcol=ffffff/').embedUrl).toBe(
      'https://bandcamp.com/EmbeddedPlayer/album=1234567890/size=large/tracklist=false/transparent=true/',
    );
    expect(embedOf('https://vimeo.com/76979871').embedUrl).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(embedOf('https://player.vimeo.com/video/76979871').provider).toBe('vimeo');
  });

  it('refuses other hosts, plain http, look-alike hosts, HTML and links that name no player', () => {
    for (const url of [
      'https://evil.example/embed/album/4aawyAB9vmqN3uQ7FjRGTy',
      'http://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
      'https://open.spotify.com.evil.example/album/4aawyAB9vmqN3uQ7FjRGTy',
      'https://user:pw@open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
      '<iframe src="https://open.spotify.com/embed/album/4aawyAB9vmqN3uQ7FjRGTy"></iframe>',
      'javascript:alert(1)',
      'https://open.spotify.com/album/../../evil',
      'https://www.youtube.com/watch?v=short',
      'https://artist.bandcamp.com/album/name',
      'https://vimeo.com/channels/staffpicks',
      '',
    ])
      expect(checkEmbedUrl(url).ok, url).toBe(false);
  });

  it('names one frame origin per provider, each once', () => {
    expect(frameOriginsOf(['youtube', 'spotify', 'spotify'])).toEqual(['https://open.spotify.com', 'https://www.youtube-nocookie.com']);
    expect(frameOriginsOf([])).toEqual([]);
  });
});
