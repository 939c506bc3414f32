/** Short addresses people type for the policies: each answers 301 to its page (server/http/canonical-path.ts). */
export const PAGE_ALIASES: Readonly<Record<string, string>> = { '/privacy': '/privacy-policy', '/terms': '/terms-of-service' };
