import type { ApiFailure } from '#app/lib/api.ts';
import { toast } from '#app/lib/toast.ts';

/** What a failed two-factor call tells the admin. */
export const failureText = (result: ApiFailure, fallback: string) =>
  result.status === 0 ? 'Unable to connect to server' : (result.serverMessage ?? fallback);

/** Copies to the clipboard and says so (or says to copy by hand). */
export async function copyText(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} copied to the clipboard.` });
  } catch {
    toast({ title: 'Copy failed', description: `Select the ${what.toLowerCase()} and copy it yourself.`, variant: 'destructive' });
  }
}
