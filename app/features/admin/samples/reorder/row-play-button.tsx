import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { claimPlayback, releasePlayback } from '#app/features/samples/playback-owner.ts';
import { cn } from '#app/lib/cn.ts';

/** The Reorder row's play button: plays the sample's audio; starting it pauses any other player. */
export function RowPlayButton({ audioUrl, title }: { audioUrl: string; title: string }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(
    () => () => {
      const element = audio.current;
      if (!element) return;
      element.pause();
      releasePlayback(element);
    },
    [],
  );

  async function toggle() {
    let element = audio.current;
    if (!element) {
      element = new Audio(audioUrl);
      element.preload = 'none';
      element.addEventListener('pause', () => setPlaying(false));
      element.addEventListener('play', () => setPlaying(true));
      element.addEventListener('ended', () => {
        element!.currentTime = 0;
        setPlaying(false);
      });
      audio.current = element;
    }
    if (!element.paused) {
      element.pause();
      return;
    }
    claimPlayback(element);
    try {
      setFailed(false);
      await element.play();
    } catch {
      setFailed(true);
    }
  }

  const label = failed ? `Unable to load: ${title}` : `${playing ? 'Pause' : 'Play'} ${title}`;
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-label={label}
      title={label}
      className={cn(
        'grid size-11 shrink-0 place-items-center rounded-full bg-accent sm:size-10 text-ink transition-colors',
        'hover:bg-accent-strong focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent',
        'focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
      )}
    >
      {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4 translate-x-px" />}
    </button>
  );
}
