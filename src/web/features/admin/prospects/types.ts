import { INQUIRY_TYPES, type InquiryType } from '../../../../contract/prospects/prospects';

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = { homeowner: 'Homeowner', realtor: 'Realtor', general: 'General' };

export const INQUIRY_TYPE_OPTIONS = INQUIRY_TYPES.map((type) => ({ value: type, label: INQUIRY_TYPE_LABELS[type] }));

/** The filters of GET /api/admin/prospects (listQuery) the portal offers; the CSV export takes the same. */
export type ProspectFilters = { inquiryType?: InquiryType };
