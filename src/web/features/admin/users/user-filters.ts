// The Users list's filters, as /admin/users keeps them in its search params.

export const USER_ROLES = [
  { value: 'homeowner', label: 'Homeowners' },
  { value: 'realtor', label: 'Realtors' },
] as const;
export const EMAIL_STATES = [
  { value: 'true', label: 'Email verified' },
  { value: 'false', label: 'Email not verified' },
] as const;
export const VERIFICATION_STATES = [
  { value: 'none', label: 'No bill sent' },
  { value: 'pending', label: 'Bill pending' },
  { value: 'approved', label: 'Verified homeowner' },
  { value: 'rejected', label: 'Bill rejected' },
] as const;
export const USER_SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'By name' },
] as const;

type ValueOf<T extends ReadonlyArray<{ value: string }>> = T[number]['value'];

export type UserFilters = {
  role?: ValueOf<typeof USER_ROLES>;
  emailVerified?: ValueOf<typeof EMAIL_STATES>;
  verification?: ValueOf<typeof VERIFICATION_STATES>;
  from?: string;
  to?: string;
  sort?: ValueOf<typeof USER_SORTS>;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends ReadonlyArray<{ value: string }>>(options: T, value: unknown): ValueOf<T> | undefined {
  return options.find((option) => option.value === value)?.value as ValueOf<T> | undefined;
}

/** Keeps only the filters a link may carry; anything else is dropped rather than sent to the server. */
export function parseUserFilters(search: Record<string, unknown>): UserFilters {
  const filters: UserFilters = {
    role: oneOf(USER_ROLES, search.role),
    emailVerified: oneOf(EMAIL_STATES, typeof search.emailVerified === 'boolean' ? String(search.emailVerified) : search.emailVerified),
    verification: oneOf(VERIFICATION_STATES, search.verification),
    from: typeof search.from === 'string' && DAY.test(search.from) ? search.from : undefined,
    to: typeof search.to === 'string' && DAY.test(search.to) ? search.to : undefined,
    sort: oneOf(USER_SORTS, search.sort),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as UserFilters;
}
