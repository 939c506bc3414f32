/*
 * Muting a project's e-mails from one of them (decision 102): what the mute link's page shows, and
 * the form it posts. Shared by the page and the server.
 */

/** What a mute link's page shows: the project, whose link it is, and whether it is muted now. */
export interface EmailMuteView {
  projectTitle: string;
  email: string;
  muted: boolean;
}

/** The page's button posts `intent`; a mail app's one-click unsubscribe posts RFC 8058's `List-Unsubscribe=One-Click`. */
export const MUTE_INTENTS = ['mute', 'unmute'] as const;
export type MuteIntent = (typeof MUTE_INTENTS)[number];
export const ONE_CLICK_BODY = 'One-Click';
