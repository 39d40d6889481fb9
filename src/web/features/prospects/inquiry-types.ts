import type { InquiryType } from '../../../contract/prospects/prospects';

/** The inquiry types as the forms offer them (SPEC §9 "Inquiry types"). */
export const inquiryTypeOptions: ReadonlyArray<{ value: InquiryType; label: string }> = [
  { value: 'homeowner', label: "I'm a homeowner" },
  { value: 'realtor', label: "I'm a realtor" },
  { value: 'general', label: 'General question' },
];
