/** Whoever is playing right now: starting one player pauses any other on the page. */
interface Pausable {
  pause(): void;
}

let owner: Pausable | null = null;

export function claimPlayback(player: Pausable): void {
  if (owner && owner !== player) owner.pause();
  owner = player;
}

export function releasePlayback(player: Pausable): void {
  if (owner === player) owner = null;
}
