import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';

/*
 * What billing reads and changes of a project. The projects capability owns the table and answers
 * (decision 097); server/services.ts hands its answer in. Each call takes the caller's database or
 * transaction, so a payment and what it reads of the project commit together.
 */

/** A project as an invoice names it and its deliveries wait for one. */
interface ProjectForBilling {
  title: string;
  clientName: string;
  clientEmail: string;
  packageTitle: string;
  /** The agreed price in whole dollars; null when none was agreed. */
  price: number | null;
  /** The studio's lock is on: while a sent invoice owes money, the client's deliveries wait. */
  deliveryLocked: boolean;
}

export interface BillingProjects {
  /** The project, or null for an id no project has. */
  find(db: Kysely<Database>, projectId: number): Promise<ProjectForBilling | null>;
  /** Turns the delivery lock on or off; false when it already was so (or there is no such project). */
  switchDeliveryLock(db: Kysely<Database>, projectId: number, locked: boolean): Promise<boolean>;
  /** The project's engineers (admin ids): they hear of its money as the studio does (decision 121). */
  engineerIds(db: Kysely<Database>, projectId: number): Promise<number[]>;
  /** Whether the studio delivered files to the project. */
  hasDeliveries(db: Kysely<Database>, projectId: number): Promise<boolean>;
  /** A fresh single-use sign-in link's token for the project's client, or null while they have no portal access. */
  signInToken(db: Kysely<Database>, projectId: number): Promise<string | null>;
}
