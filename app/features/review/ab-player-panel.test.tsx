import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListeningCopyState, VersionView } from '#common/review.ts';
import { AbPlayerPanel } from './ab-player-panel.tsx';
import { useAbPlayer } from './use-ab-player.ts';
import { preparingHere, type Hears } from './versions.ts';

const version = (listening: ListeningCopyState, analysisState: VersionView['analysisState'] = 'done'): VersionView => ({
  id: 7,
  number: 2,
  name: 'mix-v2.wav',
  notes: '',
  createdAt: '2026-12-01T10:00:00.000Z',
  analysisState,
  durationSeconds: 240,
  loudnessLufs: -14,
  truePeakDbtp: -1,
  loudnessRangeLu: 6,
  peaks: null,
  openComments: 0,
  removedAt: null,
  listening,
});

/** The panel as the room renders it, with the real player hook (no effects run on the server). */
function Panel({ heard, hears }: { heard: VersionView; hears: Hears }) {
  const { player, audio } = useAbPlayer({
    a: heard,
    b: null,
    audioUrl: (id) => `/audio/${id}`,
    hears,
    asDelivered: false,
    initialSeconds: null,
  });
  return (
    <AbPlayerPanel
      player={player}
      audio={audio}
      versions={[heard]}
      a={heard}
      b={null}
      onChoose={() => {}}
      asDelivered={false}
      onAsDelivered={() => {}}
      waveform={null}
      hears={hears}
    />
  );
}

const playButton = (html: string) => /<button[^>]*aria-label="Play v2"[^>]*>/.exec(html)?.[0] ?? '';

describe('the review player while a listening copy is being prepared (decision 101)', () => {
  it('says so with the share done, and offers no play, to the client and a review link', () => {
    const html = renderToString(<Panel heard={version({ state: 'preparing', progress: 0.42 })} hears="listening-copy" />);
    expect(html).toContain('v2 is being prepared for listening (42 %)');
    expect(html).toContain('no need to reload');
    expect(playButton(html)).toContain('disabled=""');
  });

  it('plays as soon as the copy is ready, with nothing said', () => {
    const html = renderToString(<Panel heard={version({ state: 'ready', bitrateKbps: 256 })} hears="listening-copy" />);
    expect(html).not.toContain('being prepared');
    expect(html).not.toContain('data-not-ready');
    expect(playButton(html)).not.toContain('disabled=""');
  });

  it('the owner plays the measured original without waiting for the copy', () => {
    const html = renderToString(<Panel heard={version({ state: 'preparing', progress: null })} hears="original" />);
    expect(html).not.toContain('being prepared');
    expect(playButton(html)).not.toContain('disabled=""');
  });

  it('a copy that cannot be made says the version cannot be played here', () => {
    const html = renderToString(<Panel heard={version({ state: 'unavailable' }, 'failed')} hears="listening-copy" />);
    expect(html).toContain('cannot be played here');
  });

  it('the room keeps reading the track (the short poll) while a copy is prepared, and stops once it is ready', () => {
    expect(preparingHere(version({ state: 'preparing', progress: null }), 'listening-copy')).toBe(true);
    expect(preparingHere(version({ state: 'ready', bitrateKbps: 320 }), 'listening-copy')).toBe(false);
    expect(preparingHere(version({ state: 'preparing', progress: null }), 'original')).toBe(false);
    expect(preparingHere(version({ state: 'preparing', progress: null }, 'pending'), 'original')).toBe(true);
  });
});
