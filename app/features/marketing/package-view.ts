import { revisionsWording, savingPercent } from '#common/site-content/package-words.ts';
import { turnaroundWording } from '#common/site-content/turnaround-words.ts';
import type { Package } from '#common/site-content/packages.ts';

/** One price card as a page shows it: the owner's package with its revisions and turnaround worded. */
export interface PackageView {
  id: string;
  title: string;
  price: number;
  /** Struck through beside the price (a package sold below its regular price). */
  regularPrice: number | null;
  note: string;
  description: string;
  features: string[];
  popular: boolean;
}

const present = (values: Array<string | null>) => values.filter((value): value is string => value !== null && value !== '');

/** Every page that shows packages shows these cards, made from the one record of each package. */
export function packageCards(packages: readonly Package[]): PackageView[] {
  return packages.map((pkg) => {
    const saving = savingPercent(pkg);
    return {
      id: pkg.key,
      title: pkg.name,
      price: pkg.price,
      regularPrice: saving > 0 ? pkg.regularPrice : null,
      note: saving > 0 ? present([`Save ${saving}%`, pkg.priceNote]).join(' · ') : pkg.priceNote,
      description: pkg.description,
      features: present([...pkg.included, revisionsWording(pkg.revisions), turnaroundWording(pkg.turnaround)]),
      popular: pkg.popular,
    };
  });
}
