import { useEffect, useSyncExternalStore } from 'react';

/** What the admin sees when a request finds that the session is gone. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * The admin's session can end while the dashboard is open: idle timeout, password changed
 * elsewhere, account deactivated, logout in another tab. `api()` reports it here instead of
 * handing the refusal to the caller; the admin shell, which registers itself as the place where the
 * owner can log in again, shows the login dialog over the dashboard; once the owner is back, every
 * refused request is sent again. A request refused for want of a session changed nothing, so
 * sending it again is safe.
 */
let ended = false;
/** Counts logins after an end, so a refusal of a request sent before the latest login is simply resent. */
let generation = 0;
let shells = 0;
let wake: (() => void) | null = null;
let resumed: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Which login a request is sent under (see `sessionEnded`). */
export const sessionGeneration = () => generation;

/** Whether anything can let the owner log in again: only then is it worth waiting for. */
export const canResumeSession = () => shells > 0;

export const isSessionEnded = () => ended;

/**
 * Reports that a request sent under `sentIn` found no session; resolves once it may be resent. When
 * the owner has logged in since that request left, it may be resent at once.
 */
export function sessionEnded(sentIn: number): Promise<void> {
  if (sentIn !== generation) return Promise.resolve();
  if (!ended) {
    ended = true;
    resumed = new Promise((resolve) => (wake = resolve));
    emit();
  }
  return resumed;
}

/** The owner has logged in again: the dialog closes and the waiting requests go out. */
export function sessionResumed() {
  if (!ended) return;
  ended = false;
  generation++;
  wake?.();
  wake = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the session has ended and the owner has not logged in again yet. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(subscribe, isSessionEnded, () => false);
}

/**
 * The admin shell offers the login dialog: while one is registered, a request that finds no session
 * waits for the owner to log in again instead of failing. Returns the unregistering function.
 */
export function registerSessionShell(): () => void {
  shells++;
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    shells--;
    // Nobody is left to log in through: the waiting requests go once more and fail as plain refusals.
    if (shells === 0) sessionResumed();
  };
}

/** For the admin shell: registers it while mounted; whether the session has ended. */
export function useSessionEndedHandler(): boolean {
  useEffect(registerSessionShell, []);
  return useSessionEnded();
}
