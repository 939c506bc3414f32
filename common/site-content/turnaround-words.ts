/*
 * A package's turnaround as the owner writes it ("48 hours", "5-7 days", "2 weeks") and as the
 * pages, terms and e-mails say it. Stored as a range with a unit (decision 109); no zod here, so a
 * page that words a turnaround does not ship it.
 */

export const TURNAROUND_UNITS = ['hours', 'days', 'business-days', 'weeks'] as const;
export type TurnaroundUnit = (typeof TURNAROUND_UNITS)[number];

/** From complete files to the first version of one song: `from` to `to` (equal for one figure) `unit`s. */
export interface Turnaround {
  from: number;
  to: number;
  unit: TurnaroundUnit;
}

/** About how many hours a unit lasts: only to put turnarounds of different units in order and to cap them. */
export const UNIT_HOURS: Record<TurnaroundUnit, number> = { hours: 1, days: 24, 'business-days': 24 * 1.4, weeks: 168 };

/** The longest turnaround the site takes: 90 days, as the hours field did (2160). */
export const MAX_TURNAROUND_HOURS = 2160;

const UNIT_WORDS: Record<TurnaroundUnit, [one: string, many: string]> = {
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
  'business-days': ['business day', 'business days'],
  weeks: ['week', 'weeks'],
};

const UNIT_SPELLINGS: Array<[RegExp, TurnaroundUnit]> = [
  [/^(hours?|hrs?|h)$/, 'hours'],
  [/^(days?|d)$/, 'days'],
  [/^(business|working) ?days?$/, 'business-days'],
  [/^(weeks?|wks?|w)$/, 'weeks'],
];

const TEXT_PATTERN = /^(\d{1,4})(?:\s*(?:-|–|—|to)\s*(\d{1,4}))?\s*([a-z][a-z ]*?)$/;

/**
 * The owner's words read as a turnaround: "48 hours", "5-7 days", "5 to 7 business days", "2 weeks",
 * "72h". Null when it is not one (no unit, a range running backwards, zero).
 */
export function parseTurnaround(text: string): Turnaround | null {
  const match = TEXT_PATTERN.exec(text.trim().toLowerCase().replace(/\s+/g, ' '));
  if (!match) return null;
  const unit = UNIT_SPELLINGS.find(([pattern]) => pattern.test(match[3]!.trim()))?.[1];
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  if (!unit || from < 1 || to < from) return null;
  return { from, to, unit };
}

/**
 * A turnaround stored before it had a unit (`turnaroundHours`, decision 109) in the unit an owner
 * would have written: whole weeks as weeks, whole days past three as days, else hours.
 */
export function turnaroundFromHours(hours: number): Turnaround {
  if (hours >= 168 && hours % 168 === 0) return { from: hours / 168, to: hours / 168, unit: 'weeks' };
  if (hours > 72 && hours % 24 === 0) return { from: hours / 24, to: hours / 24, unit: 'days' };
  return { from: hours, to: hours, unit: 'hours' };
}

const unitWord = (unit: TurnaroundUnit, count: number) => UNIT_WORDS[unit][count === 1 ? 0 : 1];
const figures = ({ from, to }: Turnaround) => (from === to ? String(from) : `${from}–${to}`);

/** "48 hours", "5–7 days", "1 week": what the Process page, the editor and the terms say. The one formatter of a turnaround. */
export function turnaroundText(turnaround: Turnaround): string {
  return `${figures(turnaround)} ${unitWord(turnaround.unit, turnaround.to)}`;
}

/** "48-hour turnaround", "5–7 day turnaround", "2-week turnaround": a package card's line. */
export function turnaroundWording(turnaround: Turnaround): string {
  const one = UNIT_WORDS[turnaround.unit][0];
  return turnaround.from === turnaround.to ? `${turnaround.from}-${one} turnaround` : `${figures(turnaround)} ${one} turnaround`;
}

/** The turnaround's longest end in hours, for order and caps. */
export const longestHours = (turnaround: Turnaround) => turnaround.to * UNIT_HOURS[turnaround.unit];
const shortestHours = (turnaround: Turnaround) => turnaround.from * UNIT_HOURS[turnaround.unit];

/**
 * "48 hours", "48 to 72 hours", "2 days to 2 weeks": from the quickest package's start to the
 * slowest one's end, what `{{packages.turnaround}}` says in the terms, the agreement and the FAQ.
 */
export function turnaroundSpan(turnarounds: readonly Turnaround[]): string {
  if (turnarounds.length === 0) return '';
  const quickest = turnarounds.reduce((best, next) => (shortestHours(next) < shortestHours(best) ? next : best));
  const slowest = turnarounds.reduce((best, next) => (longestHours(next) > longestHours(best) ? next : best));
  const [low, high] = [quickest.from, slowest.to];
  if (quickest.unit === slowest.unit)
    return low === high ? `${low} ${unitWord(quickest.unit, low)}` : `${low} to ${high} ${unitWord(slowest.unit, high)}`;
  return `${low} ${unitWord(quickest.unit, low)} to ${high} ${unitWord(slowest.unit, high)}`;
}
