import { useState } from 'react';
import { VIBE_CATEGORIES, type VibeCategory, type VibeMetrics } from '../../../../contract/listings/listings';
import type { Property } from '../types';

export type PropertyFormValues = {
  title: string;
  description: string;
  propertyType: string;
  bedrooms: string;
  bathrooms: string;
  address: string;
  location: string;
  /** One of the service areas, '' for none. */
  area: string;
  /** The owner picked the area: a changed location no longer suggests one. */
  areaChosen: boolean;
  vibeEnabled: boolean;
  vibe: Record<VibeCategory, string>;
};

export type DetailField = Exclude<keyof PropertyFormValues, 'vibeEnabled' | 'vibe' | 'areaChosen'>;

const DEFAULT_VIBE = 50;

export function initialPropertyValues(property?: Property): PropertyFormValues {
  const vibe = Object.fromEntries(
    VIBE_CATEGORIES.map((category) => [category, String(property?.vibeMetrics?.[category] ?? DEFAULT_VIBE)]),
  ) as Record<VibeCategory, string>;
  return {
    title: property?.title ?? '',
    description: property?.description ?? '',
    propertyType: property?.propertyType ?? '',
    bedrooms: property === undefined ? '' : String(property.bedrooms),
    bathrooms: property === undefined ? '' : String(property.bathrooms),
    address: property?.address ?? '',
    location: property?.location ?? '',
    area: property?.area ?? '',
    // A listing's area stays as saved; a new one, or one in none, is suggested from the city.
    areaChosen: property?.area != null,
    vibeEnabled: property?.vibeMetrics != null,
    vibe,
  };
}

/** The six scores as numbers, or null when the owner left them out. */
export function vibeMetricsOf(values: PropertyFormValues): VibeMetrics | null {
  if (!values.vibeEnabled) return null;
  return Object.fromEntries(VIBE_CATEGORIES.map((category) => [category, Number(values.vibe[category])])) as VibeMetrics;
}

/** The area as the listing schemas take it: null for none. */
export function areaOf(values: PropertyFormValues): string | null {
  return values.area === '' ? null : values.area;
}

/** Form values plus "show errors after the first submit, then live". */
export function usePropertyFormState<Extra extends Record<string, string>>(initial: PropertyFormValues, extra: Extra) {
  const [values, setValues] = useState(initial);
  const [extras, setExtras] = useState(extra);
  const [submitted, setSubmitted] = useState(false);
  return {
    values,
    extras,
    submitted,
    markSubmitted: () => setSubmitted(true),
    setField: <K extends keyof PropertyFormValues>(field: K, value: PropertyFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value })),
    setVibe: (category: VibeCategory, value: string) =>
      setValues((current) => ({ ...current, vibe: { ...current.vibe, [category]: value } })),
    setExtra: (field: keyof Extra, value: string) => setExtras((current) => ({ ...current, [field]: value })),
  };
}

/** The first message per top-level field, in the schema's (the spec's) order. */
export function firstErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
