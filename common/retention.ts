/**
 * A project's audio is removed this long after the project is marked completed; the client hears of
 * it a week before. A module of its own so the site's texts (the agreement's token) read the same
 * number without loading the projects' schemas.
 */
export const RETENTION_DAYS = 30;
export const RETENTION_WARNING_DAYS = 7;
