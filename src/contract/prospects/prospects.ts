/*
 * What the contact and prospect forms send (SPEC §5 "Prospect and contact
 * form"), as plain values: the landing page shows the form before anyone
 * types, and loads the validation rules (src/contract/prospects/prospect-requests.ts) only
 * once someone does.
 */

export const INQUIRY_TYPES = ['realtor', 'homeowner', 'general'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** The pages whose forms send prospects; the server accepts any short page name. */
export const PROSPECT_PAGES = ['contact', 'landing', 'about'] as const;

export const PROSPECT_MESSAGE_MIN = 10;
export const PROSPECT_MESSAGE_MAX = 5000;

/** A prospect as the back office lists it (GET /api/admin/prospects) and exports it (a row of /api/admin/prospects.csv). */
export interface ProspectView {
  id: string;
  email: string;
  inquiryType: InquiryType;
  message: string | null;
  page: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}
