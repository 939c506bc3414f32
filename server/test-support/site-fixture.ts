import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { createAdmin } from '#server/auth/admin-users.ts';
import { populateBilling, populateBookings } from './site-fixture-sales.ts';
import { populateNewsletter, populateProposals, populateStaff } from './site-fixture-team.ts';
import { totpCode, totpStep } from '#server/auth/totp.ts';
import { confirmEnrolment, startEnrolment } from '#server/auth/two-factor.ts';
import type { ObjectStore } from '#server/storage/object-store.ts';
import { claimDailyRun } from '#server/db/daily-task.ts';
import { createSignInLink, redeemSignInLink } from '#server/projects/client-sessions.ts';
import type { TestApp } from './app.ts';
import { testWav } from './test-audio.ts';
import { testImage } from './test-images.ts';

/** Every table the migrations make, by SQL name: a populated site has rows in each. */
export const SITE_TABLES = [
  'admin_recovery_codes',
  'admin_two_factor',
  'admin_users',
  'audit_entries',
  'billing_emails',
  'billing_notices',
  'booking_busy_times',
  'booking_days',
  'booking_emails',
  'booking_feed',
  'booking_holders',
  'booking_settings',
  'bookings',
  'card_disputes',
  'client_sessions',
  'client_sign_in_links',
  'completed_once',
  'contact_notices',
  'contact_settings',
  'contact_submissions',
  'daily_task_runs',
  'insight_daily',
  'insight_events',
  'insight_rollups',
  'insight_salts',
  'insight_settings',
  'invoice_counters',
  'invoice_lines',
  'invoices',
  'multipart_uploads',
  'newsletter_subscribers',
  'password_reset_tokens',
  'payment_plan_parts',
  'payment_plans',
  'payments',
  'project_activity',
  'project_collaborators',
  'project_email_mutes',
  'project_emails',
  'project_engineers',
  'project_files',
  'project_tracks',
  'project_uploads',
  'projects',
  'proposal_emails',
  'proposal_signatures',
  'proposal_templates',
  'proposals',
  'rate_limits',
  'review_link_accesses',
  'review_links',
  'revision_requests',
  'sample_plays_daily',
  'samples',
  'sessions',
  'site_content_drafts',
  'site_content_versions',
  'site_images',
  'staff_invitations',
  'staff_notice_opt_outs',
  'staff_role_settings',
  'stripe_checkouts',
  'stripe_events',
  'stripe_payment_intents',
  'track_versions',
  'uploaded_objects',
  'version_comments',
];

/** Narrower than the smallest rendition width: one rendition per format, so the image is 4 objects. */
const FIXTURE_IMAGE = { width: 240, height: 160, format: 'jpeg' } as const;
/**
 * What populateSite stores: two audio files and their streaming copies (backed up like any object,
 * decision 087), the image's original and renditions, a client's stem, and a mix version with its
 * listening copy (decision 101: a restored site plays it at once).
 */
export const FIXTURE_OBJECT_COUNT = 2 + 2 + 4 + 2 + 1;

export const FIXTURE_ADMIN = { username: 'owner', email: 'owner@example.com', password: 'correct-horse-9' };

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Grant → PUT (to this server's upload route, or straight to the bucket) → registration; answers the object path. */
export async function uploadToAnyStore(t: TestApp, body: Buffer): Promise<string> {
  const { uploadURL } = (await t.request.post('/api/objects/upload')).body as { uploadURL: string };
  if (t.services.store.directUploads) {
    const put = await t.request.put(uploadURL).set('Content-Type', 'application/octet-stream').send(body);
    if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
  } else {
    const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(body) });
    if (put.status !== 200) throw new Error(`upload to the bucket failed: ${put.status}`);
  }
  const registered = await t.request.put('/api/audio-files').send({ audioFileURL: uploadURL });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return registered.body.objectPath as string;
}

/**
 * A site as a backup finds it: two analysed samples with uploaded audio and a play each, contact submissions with
 * their owner notices sent, a renamed studio and an uploaded hero image, an admin who logged in (a
 * session) after a failed attempt (brute-force counters) and then turned on two-factor login (its
 * recovery codes), a password reset token and a one-time job. Everything goes through the real API
 * where there is one (two-factor enrolment goes through its service: `asAdmin` acts as a stand-in
 * admin). `t` must be created with `asAdmin`.
 */
export async function populateSite(t: TestApp): Promise<{ objectPaths: string[] }> {
  const objectPaths = [await uploadToAnyStore(t, testWav(1)), await uploadToAnyStore(t, testWav(2))];
  for (const [index, audioUrl] of objectPaths.entries()) {
    const created = await t.request.post('/api/samples').send({ title: `Backup sample ${index + 1}`, artist: 'Fixture', audioUrl });
    if (created.status !== 201) throw new Error(`sample not created: ${created.status}`);
    // A visitor's play (`t` acts as the admin, whose own plays the beacon ignores).
    await t.services.samples.samplePlays.record(created.body.id, '192.0.2.1');
  }
  const acknowledgement = await t.request.put('/api/contact-acknowledgement').send({ enabled: true, text: 'We have your message.' });
  if (acknowledgement.status !== 200) throw new Error(`acknowledgement not switched on: ${acknowledgement.status}`);
  for (const name of ['Ada Lovelace', 'Grace Hopper']) {
    const sent = await t.request
      .post('/api/contact')
      .send({ name, email: 'visitor@example.com', message: `A message from ${name} for the backup.` });
    if (sent.status !== 201) throw new Error(`contact not stored: ${sent.status}`);
  }
  const admin = await createAdmin(t.services.db, FIXTURE_ADMIN);
  const origin = t.services.config.PUBLIC_URL;
  await t.request.post('/api/admin/login').set('Origin', origin).send({ username: FIXTURE_ADMIN.username, password: 'wrong-password' });
  const login = await t.request.post('/api/admin/login').set('Origin', origin).send(FIXTURE_ADMIN);
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const setup = await startEnrolment(t.services, admin);
  if (setup.kind !== 'started') throw new Error(`two-factor setup: ${setup.kind}`);
  const enrolled = await confirmEnrolment(t.services, admin, totpCode(setup.secret, totpStep(new Date())), '127.0.0.1');
  if (enrolled.kind !== 'confirmed') throw new Error(`two-factor confirmation: ${enrolled.kind}`);
  await t.request.post('/api/admin/forgot-password').set('Origin', origin).send({ email: FIXTURE_ADMIN.email });
  const studio = { ...(await t.services.site.siteContent.read()).studio, name: 'Backup Fixture Studio' };
  const saved = await t.services.site.siteContent.save('studio', studio, admin);
  if (saved.kind !== 'saved') throw new Error(`site content not saved: ${saved.kind}`);
  // An owner image through the real upload (its original and three renditions go to the store), shown as the hero.
  const uploaded = await t.request
    .post('/api/admin/images')
    .set('Content-Type', 'image/jpeg')
    .send(await testImage(FIXTURE_IMAGE));
  if (uploaded.status !== 201) throw new Error(`image upload failed: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  const hero = { ...(await t.services.site.siteContent.read()).hero, image: { ...uploaded.body, alt: 'The live room' } };
  const heroSaved = await t.services.site.siteContent.save('hero', hero, admin);
  if (heroSaved.kind !== 'saved') throw new Error(`hero not saved: ${heroSaved.kind}`);
  // An unpublished draft: the owner's work in progress is part of the site too.
  const { about } = await t.services.site.siteContent.read();
  const drafted = await t.services.site.siteDrafts.save('about', { ...about, founderName: 'Draft Founder' }, admin);
  if (drafted.kind !== 'saved') throw new Error(`draft not saved: ${JSON.stringify(drafted)}`);
  await t.services.db.insertInto('completedOnce').values({ name: 'backup-fixture', createdAt: new Date().toISOString() }).execute();
  // A multipart upload under way: its row is backed up like any other (its parts are not objects yet).
  await t.services.uploads.multipartUploads.start({ owner: 'admin:fixture' }, 'audio/wav');
  await populateProject(t, admin.id);
  await populateBookings(t);
  await populateBilling(t);
  await populateProposals(t);
  await populateStaff(t, admin.id);
  await populateNewsletter(t);
  await populateInsights(t);
  await settle(t);
  return { objectPaths };
}

/**
 * A client project with everything a backup must carry: the client signed in (a link spent, a session),
 * a stem they sent, a reservation not yet used, a track with an analysed version, a comment on it and a
 * revision round, a collaborator, an e-mail waiting to go out and a daily task's run.
 */
async function populateProject(t: TestApp, adminId: number): Promise<void> {
  const { store, db } = t.services;
  const { records: projects, projectFiles, projectFileProcessing, review, reviewLinks } = t.services.projects;
  const studio = { side: 'studio' as const, adminId, name: 'Owner' };
  const created = await projects.create(
    {
      title: 'Backup EP',
      clientName: 'Rae Client',
      clientEmail: 'rae@example.com',
      packageKey: 'intro',
      price: 200,
      dueDate: '2030-01-01',
      notes: '',
      contactSubmissionId: null,
    },
    studio,
  );
  if (created.kind !== 'created') throw new Error('project not created');
  const projectId = created.project.id;
  await projects.markInvited(projectId, studio);
  const signedIn = await redeemSignInLink(db, await createSignInLink(db, 'rae@example.com'));
  if (!signedIn) throw new Error('client sign-in failed');
  const client = { side: 'client' as const, email: 'rae@example.com', name: 'Rae Client' };
  const upload = async (side: 'client' | 'studio', uploader: string, body: Buffer) => {
    const reserved = await projectFiles.reserveUpload(projectId, side, uploader, `${side}.wav`);
    if (reserved.kind !== 'reserved') throw new Error(`no reservation: ${reserved.kind}`);
    await store.write(reserved.objectKey, body, 'audio/wav');
    return `/objects/${reserved.objectKey}`;
  };
  const stem = await projectFiles.register(
    {
      projectId,
      side: 'client',
      uploader: 'client:rae@example.com',
      objectPath: await upload('client', 'client:rae@example.com', testWav(1)),
      category: 'stems',
    },
    client,
  );
  if (stem.kind !== 'registered') throw new Error(`stem not registered: ${stem.kind}`);
  await projectFiles.reserveUpload(projectId, 'client', 'client:rae@example.com', 'later.wav');
  const track = await review.createTrack(projectId, 'Opening song', studio);
  const version = await review.addVersion(
    projectId,
    track!.id,
    { objectPath: await upload('studio', `admin:${adminId}`, testWav(2)), notes: 'First mix' },
    `admin:${adminId}`,
    studio,
  );
  if (version.kind !== 'created') throw new Error(`version not added: ${version.kind}`);
  await projectFileProcessing.idle();
  const author = { side: 'client' as const, key: 'client:rae@example.com', name: 'Rae Client' };
  const comment = await review.addComment(projectId, track!.id, version.versionId, { atSeconds: 0.5, body: 'Louder kick' }, author, client);
  if (comment.kind !== 'created') throw new Error(`comment not added: ${comment.kind}`);
  const round = await review.requestRevisions(projectId, track!.id, version.versionId, 'More kick', client);
  if (round.kind !== 'decided') throw new Error(`revisions not requested: ${round.kind}`);
  const link = await reviewLinks.create(projectId, track!.id, {}, studio);
  const opened = await reviewLinks.page(link!.url.split('/listen/')[1]!, () => undefined, { ip: '203.0.113.9', userAgent: 'Fixture' });
  if (opened.kind !== 'open') throw new Error(`review link not opened: ${opened.kind}`);
  const added = await t.services.projects.collaborators.add(projectId, { email: 'manager@example.com', role: 'comment' }, client);
  if (added.kind !== 'added') throw new Error(`collaborator not added: ${added.kind}`);
  // The manager muted the project's e-mails from one of them (decision 102).
  const mute = t.services.projects.emailMutes.link('', projectId, 'manager@example.com').split('/mute/')[1]!;
  if ((await t.services.projects.emailMutes.set(mute, true)).kind !== 'done') throw new Error('project not muted');
  await claimDailyRun(db, 'backup-fixture');
}

/** Waits for the background work the fixture starts: audio analysis, owner notices, the reset e-mail. */
/** A view yesterday (rolled up into its day's totals) and one today, and the owner's settings. */
async function populateInsights(t: TestApp): Promise<void> {
  const { insights } = t.services;
  const now = new Date();
  for (const at of [new Date(now.getTime() - 86_400_000), now]) {
    insights.events.observe({
      kind: 'view',
      path: '/',
      target: null,
      headers: { 'user-agent': 'Fixture browser', referer: 'https://www.google.com/' },
      address: '192.0.2.10',
      query: new URLSearchParams(),
      at,
    });
  }
  await insights.settings.save({ counting: true, honourPrivacySignals: true });
  await insights.tidy(now);
}

export async function settle(t: TestApp): Promise<void> {
  const { db } = t.services;
  await t.services.samples.sampleAnalysis.idle();
  await t.services.projects.projectFileProcessing.idle();
  await until(
    async () => !(await db.selectFrom('contactNotices').select('id').where('sentAt', 'is', null).executeTakeFirst()),
    'notices sent',
  );
  await until(() => db.selectFrom('passwordResetTokens').select('id').executeTakeFirst(), 'a reset token');
}

type Row = Record<string, unknown>;

/** Every row of every table, keyed by SQL column names, in a stable order, for comparing two databases. */
export async function allRows(t: TestApp, tables = SITE_TABLES): Promise<Record<string, Row[]>> {
  const plain = t.services.db.withoutPlugins();
  const result: Record<string, Row[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Row>`select * from ${sql.table(table)}`.execute(plain);
    result[table] = rows
      .map((row) => Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return result;
}

/** Every object in a store with the SHA-256 of its bytes. */
export async function objectDigests(store: ObjectStore): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const hash = createHash('sha256');
    for await (const chunk of await store.read(key)) hash.update(chunk as Uint8Array);
    digests[key] = hash.digest('hex');
  }
  return digests;
}
