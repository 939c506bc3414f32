import { useSite } from '#app/lib/root-data.ts';

/** The studio's name as the inbox writes it (reply subjects): the owner's, from the site content the root loader read. */
export function useStudioName(): string {
  return useSite().studio.name;
}
