import { turnaroundText, type Turnaround } from './turnaround-words.ts';
import { WEEKDAY_NAMES, type Weekday } from './weekdays.ts';

/*
 * What changed between two versions of a section, in words an owner reads ("Opening hours ›
 * Monday › Opens: 9:00 AM → 10:00 AM"), not raw field paths. Generic over every section: fields are
 * named from one table, list items by their own name (a package's name, a question, a weekday).
 */

export interface SectionChange {
  /** The field path the API uses ("hours.days.0.opens"), for tools; `where` is for people. */
  path: string;
  where: string;
  kind: 'added' | 'removed' | 'changed';
  before: string | null;
  after: string | null;
}

const FIELD_NAMES: Record<string, string> = {
  name: 'Name',
  shortName: 'Short name',
  tagline: 'Tagline',
  email: 'E-mail',
  phone: 'Phone',
  location: 'Location',
  city: 'City',
  region: 'Region',
  country: 'Country',
  streetAddress: 'Street address',
  postalCode: 'Postal code',
  experienceYears: 'Years of experience',
  hours: 'Opening hours',
  timeZone: 'Time zone',
  days: 'Days',
  opens: 'Opens',
  closes: 'Closes',
  responseHours: 'Reply time (hours)',
  social: 'Social profiles',
  label: 'Label',
  url: 'Link',
  packages: 'Packages',
  key: 'Key',
  price: 'Price',
  regularPrice: 'Regular price',
  priceNote: 'Price note',
  description: 'Description',
  included: 'Included',
  revisions: 'Revisions',
  turnaroundHours: 'Turnaround (hours)',
  turnaround: 'Turnaround',
  popular: 'Marked popular',
  instantBooking: 'Instant booking',
  extras: 'Extras',
  vocalProductionFrom: 'Vocal production price',
  founderName: 'Founder name',
  founderRole: 'Founder role',
  photo: 'Photo',
  biography: 'Biography',
  stats: 'Stats',
  value: 'Value',
  credits: 'Credits',
  artist: 'Artist',
  title: 'Title',
  role: 'Role',
  year: 'Year',
  testimonials: 'Testimonials',
  quote: 'Quote',
  faq: 'Questions',
  question: 'Question',
  answer: 'Answer',
  privacy: 'Privacy policy',
  terms: 'Terms of service',
  effectiveDate: 'Effective date',
  body: 'Text',
  headline: 'Headline',
  image: 'Image',
  logo: 'Logo',
  favicon: 'Favicon',
  intro: 'Intro',
  steps: 'Steps',
  text: 'Text',
  standards: 'Quality standards',
  timelineIntro: 'Timeline intro',
  preparing: 'Preparing your project',
  checklistTitle: 'Checklist title',
  checklist: 'Checklist',
  guides: 'Guides',
  items: 'Items',
  icon: 'Icon',
  cta: 'Call to action',
  blocks: 'Blocks',
  eyebrow: 'Eyebrow',
  visible: 'Shown',
  services: 'Services',
  slug: 'Address',
  formerSlugs: 'Former addresses',
  summary: 'Summary',
  priceFrom: 'Price from',
  points: 'Points',
  keywords: 'Keywords',
  page: 'Page',
  sections: 'Sections',
  itemsAs: 'Items shown as',
  packagesTitle: 'Packages heading',
  button: 'Button',
  whyChooseUs: 'Why choose us',
  invoicePrefix: 'Invoice number prefix',
  depositPercent: 'Deposit',
  paymentTermsDays: 'Days to pay',
  reminderDaysBefore: 'Reminder days before the due date',
  lockDeliveries: 'Lock deliveries',
  paymentInstructions: 'Payment instructions',
  // The announcement bar and the newsletter sign-up (issue 44).
  link: 'Link',
  from: 'First day',
  to: 'Last day',
  enabled: 'Sign-up shown',
  header: 'Header menu',
  footer: 'Footer menu',
  target: 'Link to',
  children: 'Items under it',
  pages: 'Pages',
  seo: 'Search and sharing',
  entries: 'Questions',
  caption: 'Caption',
  embedUrl: 'Player address',
  shareImage: 'Share image',
  noindex: 'Hidden from search engines',
};

const ITEM_NOUNS: Record<string, string> = {
  days: 'Day',
  social: 'Profile',
  packages: 'Package',
  stats: 'Stat',
  credits: 'Credit',
  testimonials: 'Testimonial',
  faq: 'Question',
  steps: 'Step',
  standards: 'Standard',
  checklist: 'Group',
  guides: 'Guide',
  blocks: 'Block',
  services: 'Service',
  sections: 'Section',
  items: 'Item',
  whyChooseUs: 'Reason',
  header: 'Item',
  footer: 'Column',
  children: 'Item',
  pages: 'Page',
  entries: 'Question',
  images: 'Image',
};

const MAX_WORDS = 80;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isImage = (value: unknown) => isObject(value) && typeof value.id === 'string' && 'widths' in value;
/** A package's turnaround reads as one value ("5–7 days"), not as its three parts. */
const isTurnaround = (value: unknown): value is Turnaround & Record<string, Json> =>
  isObject(value) && typeof value.from === 'number' && typeof value.to === 'number' && typeof value.unit === 'string';
const fieldName = (key: string) => FIELD_NAMES[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

function clock(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A value as a short phrase: quoted text (cut at 80 characters), numbers, yes/no, "empty". */
function words(value: Json | undefined, key: string): string | null {
  if (value === undefined) return null;
  if (value === null || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return ['price', 'regularPrice', 'vocalProductionFrom', 'priceFrom'].includes(key) ? `$${value}` : String(value);
  if (typeof value === 'string') {
    if ((key === 'opens' || key === 'closes') && /^\d{2}:\d{2}$/.test(value)) return clock(value);
    const flat = value.replace(/\s+/g, ' ').trim();
    return `“${flat.length > MAX_WORDS ? `${flat.slice(0, MAX_WORDS - 1)}…` : flat}”`;
  }
  if (isImage(value)) return 'an image';
  if (isTurnaround(value)) return `“${turnaroundText(value)}”`;
  if (Array.isArray(value))
    return value.length === 0
      ? 'none'
      : value.every((item) => typeof item === 'string')
        ? value.map((item) => words(item, key)).join(', ')
        : `${value.length} entries`;
  return 'set';
}

/** Both lists hold the same items by their `key`, in a different order. */
function sameKeysReordered(before: Json[], after: Json[]): boolean {
  const keys = (list: Json[]) => list.map((item) => (isObject(item) && typeof item.key === 'string' ? item.key : null));
  const [from, to] = [keys(before), keys(after)];
  if (from.includes(null) || to.includes(null) || from.length !== to.length || new Set(from).size !== from.length) return false;
  return from.join('\n') !== to.join('\n') && [...from].sort().join('\n') === [...to].sort().join('\n');
}

/** How a list item is named: by its own name, question, label or weekday, else by its number. */
function itemName(listKey: string, item: Json | undefined, index: number): string {
  const noun = ITEM_NOUNS[listKey] ?? 'Entry';
  if (!isObject(item)) return `${noun} ${index + 1}`;
  if (typeof item.day === 'string' && item.day in WEEKDAY_NAMES) return WEEKDAY_NAMES[item.day as Weekday];
  const own = [item.name, item.question, item.label, item.title, item.artist].find((value) => typeof value === 'string' && value.trim());
  return own ? `${noun} ${index + 1} (${String(own).slice(0, 40)})` : `${noun} ${index + 1}`;
}

function walk(before: Json | undefined, after: Json | undefined, path: string[], where: string[], key: string, out: SectionChange[]) {
  const at = (kind: SectionChange['kind'], b: Json | undefined, a: Json | undefined) =>
    out.push({ path: path.join('.'), where: where.join(' › '), kind, before: words(b, key), after: words(a, key) });
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  if (isObject(before) && isObject(after) && !isImage(before) && !isImage(after) && !isTurnaround(after)) {
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      walk(before[field], after[field], [...path, field], [...where, fieldName(field)], field, out);
    }
    return;
  }
  const objectList = (value: Json | undefined) => Array.isArray(value) && value.some(isObject);
  if (Array.isArray(before) && Array.isArray(after) && sameKeysReordered(before, after)) {
    // The same keyed items in another order (home blocks, packages): one "Order" change, then each item against itself.
    const names = (list: Json[]) => list.map((item, index) => itemName(key, item, index).replace(/^\S+ \d+ \((.*)\)$/, '$1'));
    out.push({
      path: path.join('.'),
      where: [...where, 'Order'].join(' › '),
      kind: 'changed',
      before: words(names(before), key),
      after: words(names(after), key),
    });
    after.forEach((item, index) => {
      const old = before.find((candidate) => isObject(candidate) && isObject(item) && candidate.key === item.key);
      walk(old, item, [...path, String(index)], [...where, itemName(key, item, index)], key, out);
    });
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && (objectList(before) || objectList(after))) {
    for (let index = 0; index < Math.max(before.length, after.length); index += 1) {
      const name = itemName(key, after[index] ?? before[index], index);
      const next = [...path, String(index)];
      if (index >= before.length)
        out.push({ path: next.join('.'), where: [...where, name].join(' › '), kind: 'added', before: null, after: null });
      else if (index >= after.length)
        out.push({ path: next.join('.'), where: [...where, name].join(' › '), kind: 'removed', before: null, after: null });
      else walk(before[index], after[index], next, [...where, name], key, out);
    }
    return;
  }
  at(before === undefined ? 'added' : after === undefined ? 'removed' : 'changed', before, after);
}

/** Every change from `before` to `after` (two versions of one section), in the section's field order. */
export function describeChanges(before: unknown, after: unknown): SectionChange[] {
  const out: SectionChange[] = [];
  walk(before as Json, after as Json, [], [], '', out);
  return out.map((change) => ({ ...change, where: change.where || 'Section' }));
}

/** One change as a sentence: "Opening hours › Monday › Opens: 9:00 AM → 10:00 AM". */
export function changeSentence(change: SectionChange): string {
  if (change.kind === 'added' && change.before === null && change.after === null) return `Added ${change.where}`;
  if (change.kind === 'removed' && change.before === null && change.after === null) return `Removed ${change.where}`;
  return `${change.where}: ${change.before ?? 'empty'} → ${change.after ?? 'empty'}`;
}
