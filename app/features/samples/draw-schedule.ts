import type WaveSurfer from 'wavesurfer.js';

// When the sample players draw their waveforms. Not at page load: loading wavesurfer.js and drawing
// six waveforms at once would hold the main thread while the visitor waits for the page to respond.
// A player draws once it comes near the viewport, in the browser's idle time, one player per idle
// period; wavesurfer.js itself loads only when the first player comes near. A press on a player that
// is not drawn yet does not wait for any of this (use-waveform.ts).

/** How far beyond the viewport a player starts drawing: half a screen ahead of the scroll. */
export const NEAR_VIEWPORT_MARGIN = '50% 0px';
/** The longest a near player waits for an idle moment on a busy page. */
export const IDLE_TIMEOUT_MS = 2000;
/** Where requestIdleCallback is missing (Safari): a short timeout, one player per task all the same. */
const NO_IDLE_CALLBACK_DELAY_MS = 50;

type Task = () => void;

let observer: IntersectionObserver | null = null;
const watched = new Map<Element, Task>();

function nearnessObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const onNear = watched.get(entry.target);
        watched.delete(entry.target);
        observer?.unobserve(entry.target);
        onNear?.();
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  return observer;
}

/**
 * Calls `onNear` once, when `element` first comes within NEAR_VIEWPORT_MARGIN of the viewport (at
 * once where IntersectionObserver is missing). One observer serves every player. Returns a cancel.
 */
export function whenNearViewport(element: Element, onNear: Task): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    onNear();
    return () => {};
  }
  watched.set(element, onNear);
  nearnessObserver().observe(element);
  return () => {
    if (watched.delete(element)) observer?.unobserve(element);
  };
}

const queue: Task[] = [];
let pending = false;

function runNext(): void {
  pending = false;
  const task = queue.shift();
  try {
    task?.();
  } finally {
    scheduleNext();
  }
}

function scheduleNext(): void {
  if (pending || queue.length === 0) return;
  pending = true;
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runNext, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(runNext, NO_IDLE_CALLBACK_DELAY_MS);
}

/** Runs `task` in an idle period of its own, after the tasks queued before it. Returns a cancel. */
export function inIdleTime(task: Task): () => void {
  queue.push(task);
  scheduleNext();
  return () => {
    const index = queue.indexOf(task);
    if (index >= 0) queue.splice(index, 1);
  };
}

type WaveSurferModule = { default: typeof WaveSurfer };
let wavesurfer: Promise<WaveSurferModule> | null = null;

/** wavesurfer.js, imported once for all players; a failed import is tried again by the next caller. */
export function loadWaveSurfer(): Promise<WaveSurferModule> {
  wavesurfer ??= import('wavesurfer.js').catch((error: unknown) => {
    wavesurfer = null;
    throw error;
  });
  return wavesurfer;
}
