import type { ComponentType, ReactNode } from 'react';
import type { AdminTab } from './tab-names';
import type { AdminTabProps } from './tabs/tab-props';
import { ActivityTab } from './tabs/activity-tab';
import { BidsTab } from './tabs/bids-tab';
import { HomeownersTab } from './tabs/homeowners-tab';
import { LegalDocumentsTab } from './tabs/legal-documents-tab';
import { PaymentsTab } from './tabs/payments-tab';
import { PropertiesTab } from './tabs/properties-tab';
import { RealtorsTab } from './tabs/realtors-tab';
import { ReviewsTab } from './tabs/reviews-tab';
import { UsersTab } from './tabs/users-tab';
import { ActivityIcon, BriefcaseIcon, BuildingIcon, CreditCardIcon, FileTextIcon, GavelIcon, HomeCheckIcon, StarIcon, UsersIcon } from '../../components/ui/icons';

type TabDefinition = {
  label: string;
  icon: ReactNode;
  /** Tabs that read the shared search term say what it searches; the box is hidden elsewhere. */
  searchPlaceholder?: string;
  Component: ComponentType<AdminTabProps>;
};

// One entry per tab, in the spec's order. A tab that arrives with a later
// issue replaces its component here and, if it searches, adds a placeholder.
export const portalTabs: Record<AdminTab, TabDefinition> = {
  users: { label: 'Users', icon: <UsersIcon />, searchPlaceholder: 'Search users and prospects by name or email', Component: UsersTab },
  homeowners: { label: 'Homeowners', icon: <HomeCheckIcon />, searchPlaceholder: 'Search submissions by name or email', Component: HomeownersTab },
  realtors: { label: 'Realtors', icon: <BriefcaseIcon />, searchPlaceholder: 'Search realtors by name, username or email', Component: RealtorsTab },
  properties: { label: 'Properties', icon: <BuildingIcon />, searchPlaceholder: 'Search properties by title, location or owner', Component: PropertiesTab },
  bids: { label: 'Bids', icon: <GavelIcon />, searchPlaceholder: 'Search bids by realtor or listing', Component: BidsTab },
  reviews: { label: 'Reviews', icon: <StarIcon />, Component: ReviewsTab },
  payments: { label: 'Payments', icon: <CreditCardIcon />, searchPlaceholder: 'Search payments by payer or payment id', Component: PaymentsTab },
  'legal-documents': { label: 'Legal Documents', icon: <FileTextIcon />, Component: LegalDocumentsTab },
  activity: { label: 'Activity', icon: <ActivityIcon />, searchPlaceholder: 'Search activity', Component: ActivityTab },
};
