import type { Admin } from '../types';

/** What every portal tab receives: who is signed in and the shared search term (trimmed, debounced). */
export type AdminTabProps = { admin: Admin; search: string };
