import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Mailer } from '#server/email/mailer.ts';
import type { Logger } from '#server/logger.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { Collaborators } from './collaborators.ts';
import { EmailMutes } from './email-mutes.ts';
import { projectsForBilling } from './for-billing.ts';
import type { AdminNames, DeliveriesHeld, StaffNoticeAddress } from './emails/email-parts.ts';
import { ProjectEmailSender } from './project-emails.ts';
import { ProjectFileProcessing, type ProjectAudioAnalyser } from './file-processing.ts';
import { ProjectFileService } from './project-files.ts';
import { ProjectEngineers } from './project-engineers.ts';
import { ProjectsService, type PackageCatalogue } from './projects-service.ts';
import { ReviewService } from './review/review-service.ts';
import { ReviewLinkService } from './review-links/review-links-service.ts';

/** The stateful parts of client projects, built once per process by server/services.ts. */
export interface ProjectsCapability {
  /** The projects' own records: create, list, change, access, the log. */
  records: ProjectsService;
  collaborators: Collaborators;
  /** Who of the staff works on each project (issue 43). */
  engineers: ProjectEngineers;
  projectFiles: ProjectFileService;
  projectFileProcessing: ProjectFileProcessing;
  review: ReviewService;
  projectEmails: ProjectEmailSender;
  /** The e-mails' mute links: a person mutes one project's e-mails (decision 102). */
  emailMutes: EmailMutes;
  reviewLinks: ReviewLinkService;
  /** What billing reads and changes of a project (for-billing.ts): server/services.ts hands it to billing. */
  projectsForBilling: typeof projectsForBilling;
}

export function createProjectsCapability(parts: {
  db: Kysely<Database>;
  store: ObjectStore;
  logger: Logger;
  mailer: Mailer;
  publicUrl: string;
  /** SESSION_SECRET: signs the listeners' cookies of review links and the e-mails' mute links. */
  secret: string;
  /** The admin accounts' password hashing, for review links' passwords. */
  passwords: { hash: (password: string) => Promise<string>; verify: (hash: string, password: string) => Promise<boolean> };
  packages: PackageCatalogue;
  studio: () => Promise<{ name: string; inbox: string }>;
  /** The admins' names now, by id, for the owner's comments in e-mails (auth owns the accounts). */
  adminNames: AdminNames;
  /** Whether a project's masters wait for payment now (billing answers). */
  deliveriesHeld: DeliveriesHeld;
  /** Where a team member's copy of a studio notice goes now (auth answers: decision 121). */
  staffAddress?: StaffNoticeAddress;
  analyse: ProjectAudioAnalyser;
}): ProjectsCapability {
  const { db, store, logger, mailer, publicUrl, secret, passwords, packages, studio, adminNames, deliveriesHeld, staffAddress, analyse } =
    parts;
  const projectFileProcessing = new ProjectFileProcessing(db, store, logger, analyse);
  const projectFiles = new ProjectFileService(db, store, projectFileProcessing);
  const review = new ReviewService(db, projectFiles, projectFileProcessing);
  const collaborators = new Collaborators(db);
  const emailMutes = new EmailMutes(db, secret);
  return {
    records: new ProjectsService(db, packages, (projectId) => review.tracksOf(projectId), collaborators),
    collaborators,
    engineers: new ProjectEngineers(db),
    projectFiles,
    projectFileProcessing,
    review,
    projectEmails: new ProjectEmailSender({
      db,
      mailer,
      logger,
      publicUrl,
      studio,
      adminNames,
      mutes: emailMutes,
      deliveriesHeld,
      staffAddress,
    }),
    emailMutes,
    reviewLinks: new ReviewLinkService(db, review, { publicUrl, secret, passwords, studioName: async () => (await studio()).name }),
    projectsForBilling,
  };
}
