import { z } from 'zod';
import { SERVICE_AREAS } from '../service-areas';
import { answerSchema } from '../answer-schema';
import { PROPERTY_TYPES, VIBE_CATEGORIES, type PropertyJson, type PropertyPageJson, type VibeCategory } from './listings';

/*
 * The listing answers as zod schemas, tied to `PropertyJson` field for field.
 * Kept apart from listings.ts, which the first load imports without zod
 * (docs/decisions/0045). The OpenAPI document describes the answers with them,
 * a server test parses the real answers with them, and the listing page
 * checks what it receives (docs/decisions/0048).
 */

// An object rather than a record: like every answer object here it drops a key it does not know instead of refusing it.
const vibeMetricsAnswer = z.object(Object.fromEntries(VIBE_CATEGORIES.map((category) => [category, z.number()])) as Record<VibeCategory, z.ZodNumber>);

export const propertyAnswer = answerSchema<PropertyJson>()(
  z.object({
    id: z.string(),
    ownerId: z.string(),
    title: z.string(),
    description: z.string(),
    propertyType: z.enum(PROPERTY_TYPES),
    bedrooms: z.number(),
    bathrooms: z.number(),
    address: z.string(),
    location: z.string(),
    images: z.array(z.string()),
    biddingEndsAt: z.string(),
    isActive: z.boolean(),
    minBidAmount: z.number(),
    vibeMetrics: vibeMetricsAnswer.nullable(),
    createdAt: z.string(),
    bidCount: z.number(),
    realtorChosen: z.boolean(),
    area: z.enum(SERVICE_AREAS).nullable(),
  }),
);

/** GET /api/user/properties. */
export const propertiesAnswer = z.array(propertyAnswer);

/** GET /api/properties: the plain list without paging parameters; with `limit` or `cursor` a page, the first with `total`. */
export const propertyListAnswer = z.union([
  propertiesAnswer,
  answerSchema<PropertyPageJson>()(z.object({ properties: z.array(propertyAnswer), nextCursor: z.string().nullable(), total: z.number().optional() })),
]);
