import { sql, type Kysely } from 'kysely';

// The `pricing` section (three fixed packages, the mixing page's own readings, the new-client special)
// becomes the `packages` section: a list of package records every page reads (docs/decisions/070-packages-as-records.md).
// An owner who saved prices keeps them: the newest `pricing` version is written as version 1 of
// `packages`, in the home page's reading (the cards that listed every package). The old rows stay,
// unused, as history. The conversion is written out here rather than imported: a shipped migration
// must keep doing what it did, whatever later happens to the shared schemas.

type Revisions = number | 'unlimited';
interface OldPackage {
  title?: string;
  priceNote?: string;
  description?: string;
  features?: string[];
  revisions?: Revisions;
  turnaroundHours?: number | null;
  popular?: boolean;
  price?: number;
  regularPrice?: number | null;
}
interface OldPricing {
  newClientSpecial?: { enabled?: boolean; price?: number; regularPrice?: number };
  intro?: OldPackage;
  standard?: OldPackage;
  premium?: OldPackage;
  vocalProductionFrom?: number;
}

function record(key: string, old: OldPackage, price: number, regularPrice: number | null, fallbackHours: number) {
  return {
    key,
    name: old.title ?? key,
    price,
    regularPrice: regularPrice !== null && regularPrice > price ? regularPrice : null,
    priceNote: old.priceNote ?? '',
    description: old.description ?? '',
    included: old.features ?? [],
    revisions: old.revisions ?? 0,
    turnaroundHours: old.turnaroundHours ?? fallbackHours,
    popular: old.popular ?? false,
  };
}

/** The `packages` fields for stored `pricing` JSON, or null when it is not readable. */
export function packagesFromPricing(text: string): object | null {
  let pricing: OldPricing;
  try {
    pricing = JSON.parse(text) as OldPricing;
  } catch {
    return null;
  }
  if (typeof pricing !== 'object' || pricing === null || !pricing.standard || !pricing.premium || !pricing.intro) return null;
  const special = pricing.newClientSpecial ?? {};
  const packages = [];
  if (special.enabled !== false) packages.push(record('intro', pricing.intro, special.price ?? 0, special.regularPrice ?? null, 48));
  packages.push(record('standard', pricing.standard, pricing.standard.price ?? 0, pricing.standard.regularPrice ?? null, 72));
  packages.push(record('premium', pricing.premium, pricing.premium.price ?? 0, pricing.premium.regularPrice ?? null, 48));
  return { packages, vocalProductionFrom: pricing.vocalProductionFrom ?? 100 };
}

// Aliased to one-word names: the connection may rename snake_case result columns to camelCase.
interface OldRow {
  data: string;
  editor: number | null;
  name: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows: existing } = await sql<{ n: number }>`select count(*) as n from site_content_versions where section = 'packages'`.execute(
    db,
  );
  if (Number(existing[0]?.n ?? 0) > 0) return;
  const { rows } = await sql<OldRow>`
    select data, updated_by_id as editor, updated_by_name as name from site_content_versions
    where section = 'pricing' order by version desc limit 1`.execute(db);
  const newest = rows[0];
  const converted = newest ? packagesFromPricing(newest.data) : null;
  if (!newest || !converted) return;
  await sql`
    insert into site_content_versions (section, version, data, updated_by_id, updated_by_name)
    values ('packages', 1, ${JSON.stringify(converted)}, ${newest.editor}, ${newest.name})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_content_versions where section = 'packages'`.execute(db);
}
