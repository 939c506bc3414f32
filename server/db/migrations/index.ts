import type { Migration } from 'kysely';
import * as initial from './0001_initial.ts';
import * as contactNotices from './0003_contact_notices.ts';
import * as samplesStorage from './0004_samples_storage.ts';

/**
 * Every migration, in order. Listed by hand (not read from the folder) so they work in any bundle.
 * Add new ones at the end with the next number; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0003_contact_notices': contactNotices,
  '0004_samples_storage': samplesStorage,
};
