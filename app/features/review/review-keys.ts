import { useEffect, useRef } from 'react';
import { KEYBOARD_SEEK_SECONDS } from '#app/features/samples/player-constants.ts';

export interface ReviewKeyHandlers {
  togglePlay(): void;
  switchAb(): void;
  seekBy(seconds: number): void;
  /** C: pin a comment at the moment heard and start writing it. */
  comment(): void;
}

/** Where typing means typing: the page's keys stay out of fields and dialogs. */
const TYPING = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]';

/**
 * The review room's keys, anywhere on the page: Space plays and pauses, B switches A/B, the arrows
 * seek 5 seconds, C pins a comment. Inside fields and dialogs keys are left alone; on a button or link
 * outside the player, Space keeps pressing it.
 */
export function useReviewKeys(handlers: ReviewKeyHandlers): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING)) return;
      const on = current.current;
      switch (event.key) {
        case ' ':
          if (target?.closest('button, a, [role="switch"]') && !target.closest('[data-review-player]')) return;
          event.preventDefault();
          on.togglePlay();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          event.preventDefault();
          on.seekBy(event.key === 'ArrowRight' ? KEYBOARD_SEEK_SECONDS : -KEYBOARD_SEEK_SECONDS);
          break;
        case 'b':
        case 'B':
          event.preventDefault();
          on.switchAb();
          break;
        case 'c':
        case 'C':
          event.preventDefault();
          on.comment();
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
