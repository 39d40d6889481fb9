import type { LinkProps } from '@tanstack/react-router';
import type { LegalDocumentType } from '../../../contract/legal';

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
    description: 'The terms that apply when you list a property on BidHome and compare bids from realtors.',
  },
  tos_realtor: {
    path: '/legal/terms-realtors',
    label: 'Terms for realtors',
    heading: 'Terms of Service for realtors',
    description: 'The terms that apply when you buy credits and bid to represent homeowners on BidHome.',
  },
  privacy_policy: {
    path: '/legal/privacy',
    label: 'Privacy Policy',
    heading: 'Privacy Policy',
    description: 'How BidHome collects, uses and protects your personal information.',
  },
} as const satisfies Record<LegalDocumentType, LegalPage & { path: LinkProps['to'] }>;

/** The footer's order: the two terms, then the privacy policy. */
export const legalFooterLinks: ReadonlyArray<{ to: string; label: string }> = [
  legalPages.tos_homeowner,
  legalPages.tos_realtor,
  legalPages.privacy_policy,
].map(({ path, label }) => ({ to: path, label }));
