import type { InquiryType } from '../../../../domain/prospects/rules';

export type Prospect = {
  id: string;
  email: string;
  inquiryType: InquiryType;
  message: string | null;
  page: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

export type ProspectPage = { prospects: Prospect[]; total: number; page: number; pageSize: number };

export type ProspectFilters = { search: string; inquiryType: InquiryType | '' };
