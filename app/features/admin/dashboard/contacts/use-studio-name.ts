import { STUDIO_NAME } from '#app/content/site.ts';

/**
 * The studio's name as the inbox writes it (reply subjects). The one place the admin reads it: when
 * the name becomes owner-edited site content, only this function changes.
 */
export function useStudioName(): string {
  return STUDIO_NAME;
}
