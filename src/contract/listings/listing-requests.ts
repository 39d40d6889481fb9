import { z } from 'zod';
import { MIN_BID_AMOUNT } from '../bidding/bidding';
import { PROPERTY_TYPES, VIBE_CATEGORIES, type VibeCategory } from './listings';
import { LISTING_AREA_RULE, SERVICE_AREAS } from '../service-areas';

/*
 * Input rules for listings (SPEC §3 properties, §5 Property), pure zod so the
 * server and the listing forms show the same message for the same mistake.
 * Keys are in the spec's field order, because the first failing rule is the
 * one shown. Whether a key is an image this owner uploaded, and whether the
 * bidding end is still ahead, need the server and the clock: the route and
 * the decider check those.
 */


export const BIDDING_PERIOD_DAYS = 14;
export const MAX_IMAGES = 20;

export const MESSAGES = {
  title: 'Title is required',
  propertyType: 'Property type must be house, apartment, condo, or townhouse',
  /** None chosen yet: the form's empty select, or no field at all. */
  propertyTypeMissing: 'Choose a property type',
  location: 'Location must be in the form City, State',
  images: 'Images must be a list of uploaded image keys',
  tooManyImages: `A property can have at most ${MAX_IMAGES} images`,
  duplicateImage: 'Each image can be added only once',
  biddingEndsAt: 'Bidding end date must be a valid date and time',
  minBidAmount: `Minimum bid amount must be a whole number of at least ${MIN_BID_AMOUNT}`,
  vibeMetrics: 'Vibe scores must be whole numbers from 0 to 100',
  area: LISTING_AREA_RULE,
} as const;

// The length is checked first and stops the field's checks (abort), so no pattern ever reads a long input.
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, { error: `${label} must be less than ${max} characters`, abort: true })
    .min(1, `${label} is required`);

/** "City, State": one comma with text on both sides. Each part can match only one way, so the pattern runs in linear time. */
const CITY_STATE = /^[^\s,][^,]*,\s*[^\s,][^,]*$/;

/** A whole number from a JSON number or a string of digits (form fields send strings). */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const roomCount = (label: string) => wholeNumber(`${label} must be a whole number of at least 1`, 1, 100);

/** The edit form's fallback: whatever does not read as a whole number of at least 1 becomes 1. */
export function roomCountFromInput(input: string): number {
  const parsed = Number.parseInt(input, 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : 1;
}

const vibeScore = wholeNumber(MESSAGES.vibeMetrics, 0, 100);

export const vibeMetricsSchema = z.object(
  Object.fromEntries(VIBE_CATEGORIES.map((category) => [category, vibeScore])) as Record<VibeCategory, typeof vibeScore>,
  { error: MESSAGES.vibeMetrics },
);

const imagesSchema = z
  .array(z.string({ error: MESSAGES.images }).min(1, MESSAGES.images).max(200, MESSAGES.images), { error: MESSAGES.images })
  .max(MAX_IMAGES, MESSAGES.tooManyImages)
  .refine((keys) => new Set(keys).size === keys.length, MESSAGES.duplicateImage);

const detailFields = {
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000),
  propertyType: z.enum(PROPERTY_TYPES, { error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? MESSAGES.propertyTypeMissing : MESSAGES.propertyType) }),
  bedrooms: roomCount('Bedrooms'),
  bathrooms: roomCount('Bathrooms'),
  images: imagesSchema,
  address: requiredText('Address', 300),
  location: requiredText('Location', 200).regex(CITY_STATE, MESSAGES.location),
  /** One of the service areas, null for none; absent: the location's city when it is one (create) or as it was (edit). */
  area: z.enum(SERVICE_AREAS, { error: MESSAGES.area }).nullable().optional(),
};

/** POST /api/properties. id, ownerId and isActive are not the client's to set. */
export const createPropertySchema = z.object({
  ...detailFields,
  images: imagesSchema.default([]),
  /** Absent: 14 days from the listing. Must be ahead of now (the decider checks, with the clock). */
  biddingEndsAt: z
    .string({ error: MESSAGES.biddingEndsAt })
    .max(64, MESSAGES.biddingEndsAt)
    .pipe(z.iso.datetime({ offset: true, error: MESSAGES.biddingEndsAt }))
    .transform((value) => new Date(value).toISOString())
    .optional(),
  minBidAmount: wholeNumber(MESSAGES.minBidAmount, MIN_BID_AMOUNT, 1_000_000_000).default(MIN_BID_AMOUNT),
  vibeMetrics: vibeMetricsSchema.nullable().optional(),
});
export type CreatePropertyInput = z.input<typeof createPropertySchema>;
export type CreatePropertyData = z.output<typeof createPropertySchema>;

/**
 * PUT /api/properties/{id}: the spec's edit payload. Vibe metrics may change
 * (absent keeps them); the bidding end and minimum bid are the terms realtors
 * bid on, so they stay as listed.
 */
export const updatePropertySchema = z.object({
  title: detailFields.title,
  description: detailFields.description,
  propertyType: detailFields.propertyType,
  bedrooms: detailFields.bedrooms,
  bathrooms: detailFields.bathrooms,
  address: detailFields.address,
  location: detailFields.location,
  area: detailFields.area,
  images: imagesSchema,
  vibeMetrics: vibeMetricsSchema.nullable().optional(),
});
export type UpdatePropertyInput = z.input<typeof updatePropertySchema>;
export type UpdatePropertyData = z.output<typeof updatePropertySchema>;
