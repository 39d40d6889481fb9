/*
 * What a listing is made of, as the server stores it and the client offers it:
 * plain values without the validation library, so pages that only show or
 * filter listings (the /home search, in the first load) need not load it.
 */

export const PROPERTY_TYPES = ['house', 'apartment', 'condo', 'townhouse'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
