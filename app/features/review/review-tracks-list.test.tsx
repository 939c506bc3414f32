import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TrackView, VersionView } from '#common/review.ts';
import { AdminTracksPanel } from './admin-tracks-panel.tsx';
import { ReviewTracksList } from './review-tracks-list.tsx';

const version = (id: number, number: number, openComments = 0) => ({ id, number, openComments }) as VersionView;
const track = (id: number, title: string, state: TrackView['state'], versions: VersionView[], used = 0, included: number | null = 3) =>
  ({
    id,
    title,
    state,
    approvedVersionId: null,
    revisionsUsed: used,
    revisionsIncluded: included,
    versions,
    revisionRounds: [],
  }) as TrackView;

function render(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: '/', Component: () => element }]);
  return renderToString(<Stub initialEntries={['/']} />);
}

describe('ReviewTracksList', () => {
  const tracks = [
    track(4, 'Midnight Drive', 'in_review', [version(10, 1), version(11, 2, 3)], 1, 3),
    track(5, 'Slow Tide', 'awaiting_version', [], 0, null),
  ];

  it('links each track to its review room on the client’s side, with where it stands', () => {
    const html = render(<ReviewTracksList projectId={7} tracks={tracks} side="portal" />);
    expect(html).toContain('href="/portal/projects/7/review/4"');
    expect(html).toContain('href="/portal/projects/7/review/5"');
    expect(html).toContain('v2 is the newest of 2');
    expect(html).toContain('3 open comments');
    expect(html).toContain('1 of 3 revision rounds');
    expect(html).toContain('0 revision rounds (unlimited)');
    expect(html).toContain('Listen and review');
  });

  it('links to the studio’s review room on the admin side, and says when there is nothing yet', () => {
    expect(render(<ReviewTracksList projectId={7} tracks={tracks} side="manage" />)).toContain('href="/manage/projects/7/review/4"');
    expect(render(<ReviewTracksList projectId={7} tracks={[]} side="portal" />)).toContain('No mixes to listen to yet');
  });
});

describe('AdminTracksPanel', () => {
  it('offers an upload per track and a form to add one', () => {
    const html = render(
      <AdminTracksPanel projectId={7} tracks={[track(4, 'Midnight Drive', 'in_review', [version(10, 1)])]} onChanged={() => {}} />,
    );
    expect(html).toContain('Upload version');
    expect(html).toContain('Add track');
    expect(html).toContain('href="/manage/projects/7/review/4"');
  });
});
