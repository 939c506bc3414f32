/** What the API and the no-JavaScript page tell a visitor when a message is refused. */
export const CONTACT_INVALID_MESSAGE = 'Please check the form: some fields are missing or invalid.';

export function contactRateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many messages from your connection. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
