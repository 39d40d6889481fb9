import type { LegalDocumentType } from '../../../../contract/legal/legal';

export const documentTypeLabels: Record<LegalDocumentType, string> = {
  tos_homeowner: 'Terms for homeowners',
  tos_realtor: 'Terms for realtors',
  privacy_policy: 'Privacy Policy',
};

/** An ISO datetime as a datetime-local value (YYYY-MM-DDTHH:MM) in the administrator's own zone. */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's local YYYY-MM-DDTHH:MM as an ISO datetime, so the server keeps the administrator's zone (decision 0011). */
export function fromLocalInputValue(value: string): string | null {
  const date = new Date(value);
  return value === '' || Number.isNaN(date.getTime()) ? null : date.toISOString();
}
