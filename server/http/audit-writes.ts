import type { Request, RequestHandler, Response } from 'express';
import type { AuditArea, AuditChange, AuditSubjectKind, AuditTrackKind } from '#common/audit.ts';
import { auditOfRequest, type AuditWords } from './admin-audit.ts';
import { clientIp } from './client-ip.ts';
import { staffRefusal } from './require-admin.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A diff names at most this many fields, each value cut to this many characters: an entry stays readable. */
const MAX_CHANGES = 20;
const MAX_VALUE_LENGTH = 200;

/** What the hook is handed (server/app.ts): the flow that names things, and the audit log's writer. */
export interface AuditWriteDeps {
  label(kind: AuditSubjectKind, param: string): Promise<string | null>;
  /** What the write may change, read before the handler and after its success. */
  fields(kind: AuditTrackKind, param: string): Promise<unknown>;
  diff(kind: AuditTrackKind, before: unknown, after: unknown): AuditChange[];
  /** Stores the entry; never rejects (a failure is logged, the user's write stands). */
  record(entry: {
    personId: number;
    person: string;
    area: AuditArea;
    action: string;
    route: string;
    ip: string;
    changes: AuditChange[];
  }): Promise<void>;
}

const PLACEHOLDER = /\{(\w*):(\w+)\}|\{created\}/g;
const cut = (value: string | null) =>
  value !== null && value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;

/** At most MAX_CHANGES changes, each value cut to MAX_VALUE_LENGTH: an entry stays readable. */
export function readableChanges(changes: AuditChange[]): AuditChange[] {
  const cutOne = (change: AuditChange) => ({ field: cut(change.field)!, before: cut(change.before), after: cut(change.after) });
  if (changes.length <= MAX_CHANGES) return changes.map(cutOne);
  const more = changes.length - MAX_CHANGES;
  return [
    ...changes.slice(0, MAX_CHANGES).map(cutOne),
    { field: `and ${more} more field${more === 1 ? '' : 's'}`, before: null, after: null },
  ];
}

/** What a successful answer names: a new invoice's number, a project's title, a person's name. */
function createdName(chunk: unknown): string | null {
  if (typeof chunk !== 'string' && !Buffer.isBuffer(chunk)) return null;
  try {
    const body = JSON.parse(chunk.toString()) as Record<string, unknown>;
    const record = (body.invoice ?? body.project ?? body.sample ?? body.proposal ?? body.template ?? body.track ?? body) as Record<
      string,
      unknown
    >;
    // A number reads as it is (INV-0007), as the labels of `{invoice:id}` do; a name in quotes.
    if (typeof record.number === 'string' && record.number) return record.number;
    for (const key of ['title', 'name', 'email'] as const) if (typeof record[key] === 'string' && record[key]) return `“${record[key]}”`;
    return typeof record.id === 'number' ? `#${record.id}` : null;
  } catch {
    return null;
  }
}

async function labelsOf(deps: AuditWriteDeps, words: AuditWords, params: Record<string, string>): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const template = typeof words.action === 'string' ? words.action : [words.action({ suspended: true }), words.action({})].join(' ');
  for (const [, kind, param] of template.matchAll(PLACEHOLDER)) {
    if (!kind || !param || params[param] === undefined) continue;
    const label = await deps.label(kind as AuditSubjectKind, params[param]).catch(() => null);
    labels.set(`${kind}:${param}`, label ?? `#${params[param]}`);
  }
  return labels;
}

function wordsOf(template: string, params: Record<string, string>, labels: Map<string, string>, created: string | null): string {
  return template
    .replace(PLACEHOLDER, (whole, kind: string | undefined, param: string | undefined) => {
      if (whole === '{created}') return created ?? '';
      if (!kind) return params[param!] ?? '';
      return labels.get(`${kind}:${param}`) ?? `#${params[param!] ?? ''}`;
    })
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * Every admin write that succeeds leaves one entry in the audit log (decision 116): who (the signed-in
 * staff member), what (admin-audit.ts's words for the route), from where (the shortened address), and
 * what a setting or amount was before and after. The names and the "before" are read before the
 * route's handler runs; once it answers with success (a status below 400) the entry is stored and
 * then the answer is sent, as publishSuccessfulWrites holds it back. The handler's own transaction
 * has committed by then: an entry that cannot be stored is logged and the user's change stands.
 */
export function auditAdminWrites(deps: AuditWriteDeps): RequestHandler {
  return (req, res, next) => {
    const admin = res.locals.admin as { id: number; role?: string; username: string; displayName: string | null } | null | undefined;
    if (!WRITE_METHODS.has(req.method) || !admin || staffRefusal(admin.role, req.method, req.originalUrl) !== null) return next();
    const described = auditOfRequest(req.method, req.originalUrl);
    if (described.kind === 'not-a-write') return next();
    const words: AuditWords =
      described.kind === 'described' ? described.words : { area: 'other', action: `${req.method} ${req.originalUrl.split('?')[0]}` };
    const params = described.kind === 'described' ? described.params : {};
    const track = words.track && params[words.track[1]] !== undefined ? ([words.track[0], params[words.track[1]]!] as const) : null;
    const readFields = () => (track ? deps.fields(track[0], track[1]).catch(() => null) : Promise.resolve(null));
    void Promise.all([labelsOf(deps, words, params), readFields()]).then(([labels, before]) => {
      holdEndUntilRecorded(req, res, async (chunk) => {
        const template = typeof words.action === 'string' ? words.action : words.action((req.body ?? {}) as Record<string, unknown>);
        await deps.record({
          personId: admin.id,
          person: admin.displayName ?? admin.username,
          area: typeof words.area === 'string' ? words.area : words.area(params),
          action: wordsOf(template, params, labels, createdName(chunk)),
          route: `${req.method} ${req.originalUrl.split('?')[0]}`,
          ip: clientIp(req),
          changes: track ? await changesOf(deps, track[0], before, readFields) : [],
        });
      });
      next();
    }, next);
  };
}

/** The before/after, or none when it cannot be read: the entry itself is still stored. */
async function changesOf(
  deps: AuditWriteDeps,
  kind: AuditTrackKind,
  before: unknown,
  readAfter: () => Promise<unknown>,
): Promise<AuditChange[]> {
  try {
    return readableChanges(deps.diff(kind, before, await readAfter()));
  } catch {
    return [];
  }
}

/** Wraps res.end: a successful answer waits for `record` (which never rejects), once. */
function holdEndUntilRecorded(_req: Request, res: Response, record: (chunk: unknown) => Promise<void>): void {
  const end = res.end;
  let recorded = false;
  res.end = function (this: Response, ...args: Parameters<Response['end']>) {
    if (recorded || res.statusCode >= 400) return end.apply(this, args);
    recorded = true;
    const finish = () => end.apply(this, args);
    void record(args[0]).then(finish, finish);
    return this;
  } as Response['end'];
}
