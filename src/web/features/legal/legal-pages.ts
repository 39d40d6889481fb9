import type { LinkProps } from '@tanstack/react-router';
import type { LegalDocumentType } from '../../../contract/legal/legal';
import { PUBLIC_PAGES } from '../../../contract/site-pages';

export type LegalPage = { path: string; label: string; heading: string; description: string };

/**
 * One public page per document type. The paths are checked against the route
 * tree; the footer, the registration form and the agreement prompt link them.
 */
export const legalPages = {
  tos_homeowner: {
    path: '/legal/terms-homeowners',
    label: 'Terms for homeowners',
    heading: 'Terms of Service for homeowners',
    description: PUBLIC_PAGES['/legal/terms-homeowners'].description,
  },
  tos_realtor: {
    path: '/legal/terms-realtors',
    label: 'Terms for realtors',
    heading: 'Terms of Service for realtors',
    description: PUBLIC_PAGES['/legal/terms-realtors'].description,
  },
  privacy_policy: {
    path: '/legal/privacy',
    label: 'Privacy Policy',
    heading: 'Privacy Policy',
    description: PUBLIC_PAGES['/legal/privacy'].description,
  },
} as const satisfies Record<LegalDocumentType, LegalPage & { path: LinkProps['to'] }>;

/** The footer's order: the two terms, then the privacy policy. */
export const legalFooterLinks: ReadonlyArray<{ to: string; label: string }> = [
  legalPages.tos_homeowner,
  legalPages.tos_realtor,
  legalPages.privacy_policy,
].map(({ path, label }) => ({ to: path, label }));
