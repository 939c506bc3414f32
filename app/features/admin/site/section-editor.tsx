import { useCallback, useEffect } from 'react';
import type { DraftSummary } from '#common/site-content/drafts.ts';
import type { SiteSection, StoredSection, StoredSiteContent } from '#common/site-content/sections.ts';
import { SectionFrame } from './section-frame.tsx';
import { AboutForm } from './sections/about-form.tsx';
import { AgreementForm } from './sections/agreement-form.tsx';
import { AnnouncementForm } from './sections/announcement-form.tsx';
import { BillingForm } from './sections/billing-form.tsx';
import { BrandForm } from './sections/brand-form.tsx';
import { FaqForm } from './sections/faq-form.tsx';
import { HeroForm } from './sections/hero-form.tsx';
import { HomeForm } from './sections/home-form.tsx';
import { NewsletterForm } from './sections/newsletter-form.tsx';
import { NavigationForm } from './sections/navigation-form.tsx';
import { PagesForm } from './sections/pages-form.tsx';
import { PoliciesForm } from './sections/policies-form.tsx';
import { PackagesForm } from './sections/packages-form.tsx';
import { ProcessForm } from './sections/process-form.tsx';
import { StudioForm } from './sections/studio-form.tsx';
import { ServicesForm } from './sections/services-form.tsx';
import { TestimonialsForm } from './sections/testimonials-form.tsx';
import { useSectionForm } from './use-section-form.ts';

interface Props {
  section: SiteSection;
  content: StoredSiteContent;
  onStored: (section: SiteSection, stored: StoredSection<SiteSection>) => void;
  onDirtyChange: (dirty: boolean) => void;
  /** The section's unpublished draft, if any, and how to tell the Site area it changed (decision 076). */
  draft?: DraftSummary | null;
  onDraftChange?: (section: SiteSection, draft: DraftSummary | null) => void;
}

/** One section's form, mounted afresh for each section (the Site area keys it by section). */
export function SectionEditor({ section, content, onStored, onDirtyChange, draft = null, onDraftChange }: Props) {
  const stored = (next: StoredSection<SiteSection>) => onStored(section, next);
  const draftChanged = useCallback((next: DraftSummary | null) => onDraftChange?.(section, next), [onDraftChange, section]);
  const form = useSectionForm(section, content[section], stored, { summary: draft, onChange: draftChanged });

  useEffect(() => {
    onDirtyChange(form.dirty);
  }, [form.dirty, onDirtyChange]);

  const studio = content.studio;
  const body = {
    studio: <StudioForm form={form} />,
    packages: <PackagesForm form={form} />,
    about: <AboutForm form={form} studio={studio} />,
    testimonials: <TestimonialsForm form={form} />,
    faq: <FaqForm form={form} studio={studio} />,
    policies: <PoliciesForm form={form} studio={studio} />,
    hero: <HeroForm form={form} studio={studio} />,
    brand: <BrandForm form={form} studio={studio} />,
    process: <ProcessForm form={form} studio={studio} />,
    home: <HomeForm form={form} studio={studio} />,
    services: <ServicesForm form={form} studio={studio} packages={content.packages.packages} />,
    billing: <BillingForm form={form} />,
    agreement: <AgreementForm form={form} studio={studio} packages={content.packages} />,
    announcement: <AnnouncementForm form={form} studio={studio} />,
    newsletter: <NewsletterForm form={form} />,
    navigation: <NavigationForm form={form} services={content.services.services} />,
    pages: <PagesForm form={form} studio={studio} />,
  }[section];

  return (
    <SectionFrame form={form} onStored={stored}>
      {body}
    </SectionFrame>
  );
}
