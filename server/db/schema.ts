import type { AuditTables } from './schema/audit.ts';
import type { AuthTables } from './schema/auth.ts';
import type { BillingTables } from './schema/billing.ts';
import type { BookingTables } from './schema/booking.ts';
import type { ContactTables } from './schema/contact.ts';
import type { InfrastructureTables } from './schema/infrastructure.ts';
import type { InsightTables } from './schema/insights.ts';
import type { ProjectTables } from './schema/projects.ts';
import type { ProposalTables } from './schema/proposals.ts';
import type { ReviewTables } from './schema/review.ts';
import type { SampleTables } from './schema/samples.ts';
import type { SiteContentTables } from './schema/site-content.ts';
import type { UploadTables } from './schema/uploads.ts';

/*
 * Every table Kysely knows, assembled from one file per group of tables (server/db/schema/), so a
 * capability's columns sit together and no file grows past a reader. Importers keep naming this file.
 */

export interface Database
  extends
    SampleTables,
    ContactTables,
    AuthTables,
    AuditTables,
    InfrastructureTables,
    UploadTables,
    SiteContentTables,
    ProjectTables,
    ReviewTables,
    BookingTables,
    BillingTables,
    InsightTables,
    ProposalTables {}

export type * from './schema/audit.ts';
export type * from './schema/auth.ts';
export type * from './schema/billing.ts';
export type * from './schema/booking.ts';
export type * from './schema/contact.ts';
export type * from './schema/infrastructure.ts';
export type * from './schema/projects.ts';
export type * from './schema/review.ts';
export type * from './schema/samples.ts';
export type * from './schema/site-content.ts';
export type * from './schema/uploads.ts';
export type * from './schema/insights.ts';
export type * from './schema/proposals.ts';
