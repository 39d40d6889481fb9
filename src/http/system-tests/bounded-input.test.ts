import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  userInfoSchema,
} from '../../contract/accounts/accounts';
import { adminLoginSchema, adminUserUpdateSchema, createAdminSchema, setAdminPasswordSchema } from '../../contract/admin/admins';
import { pageViewSchema } from '../../contract/analytics/analytics';
import { editBidSchema, placeBidSchema, selectBidSchema } from '../../contract/bidding/bidding';
import { acceptAgreementsSchema, legalDocumentSchema } from '../../contract/legal/legal';
import { createPropertySchema, updatePropertySchema } from '../../contract/listings/listing-requests';
import { purchaseSchema } from '../../domain/payments/packages';
import { prospectSchema } from '../../contract/prospects/prospect-requests';
import { realtorProfileSchema } from '../../contract/realtor-profiles/realtor-profiles';
import { markNotificationsReadSchema } from '../../contract/notifications/inbox';
import { notificationsQuery } from '../routes/notifications/inbox';
import { approveVerificationSchema, rejectVerificationSchema, submitVerificationSchema } from '../../contract/verification/verification';
import { rejectRealtorSchema, revokeRealtorSchema } from '../../contract/admin/admin-realtors';
import { JSON_BODY_LIMIT } from '../app';
import { usersListQuery } from '../routes/admin/admin-accounts';
import { administratorsListQuery } from '../routes/admin/admin-administrators';
import { realtorsListQuery } from '../routes/admin/admin-realtors';
import { bulkApproveSchema, verificationsListQuery } from '../routes/admin/admin-verifications';
import { activityExportQuery, activityQuery } from '../routes/admin/admin-activity';
import { reportQuery } from '../routes/admin/admin-page-views';
import { propertiesListQuery } from '../routes/admin/admin-properties';
import { bidsListQuery } from '../routes/admin/admin-bids';
import { legalAgreementsQuery, legalDocumentsQuery } from '../routes/admin/admin-legal';
import { paymentsListQuery } from '../routes/admin/admin-payments';
import { exportQuery, listQuery } from '../routes/admin/admin-prospects';
import { registrationSchema } from '../routes/accounts/auth';
import { roleQuery } from '../routes/legal/legal';
import { savePaymentMethodSchema } from '../routes/payments/payment-methods';
import { authenticateBody, confirmBody, confirmQuery, intentId } from '../routes/payments/payment-returns';
import { pageQuery } from '../routes/listings/properties';
import { bidIdParam } from '../routes/bidding/bids';
import { timelineParams, timelineQuery } from '../routes/admin/admin-timeline';
import { notificationPreferencesSchema } from '../../contract/notifications/notifications';
import { eraseAccountSchema } from '../../contract/accounts/user-data';
import { hideReviewSchema, replyToReviewSchema, submitReviewSchema } from '../../contract/reviews/reviews';
import { reviewsListQuery } from '../routes/reviews/reviews';
import { adminReviewsListQuery } from '../routes/admin/admin-reviews';

/*
 * Every schema that checks a request (body, query or path parameter), with a
 * value it accepts. Each string field is then sent a value as long as the
 * JSON body limit allows, in a few shapes, and must be refused. A pattern that
 * backtracks quadratically, or a schema that runs its pattern before its length
 * limit, spends minutes on one of these values, so this file hangs rather than
 * passes (docs/decisions/0021).
 */
const SCHEMAS: Array<{ name: string; schema: z.ZodType; valid: unknown }> = [
  { name: 'registrationSchema', schema: registrationSchema, valid: { username: 'jane_doe', password: 'Secret123', email: 'jane@example.com', name: 'Jane Doe' } },
  { name: 'loginSchema', schema: loginSchema, valid: { username: 'jane_doe', password: 'Secret123', redirectTo: '/home' } },
  { name: 'userInfoSchema', schema: userInfoSchema, valid: { name: 'Jane Doe', phone: '+14165550123' } },
  { name: 'forgotPasswordSchema', schema: forgotPasswordSchema, valid: { email: 'jane@example.com' } },
  { name: 'resetPasswordSchema', schema: resetPasswordSchema, valid: { token: 'a'.repeat(43), password: 'Secret123' } },
  { name: 'changePasswordSchema', schema: changePasswordSchema, valid: { currentPassword: 'Secret123', newPassword: 'Secret456' } },
  { name: 'adminLoginSchema', schema: adminLoginSchema, valid: { username: 'admin', password: 'secret' } },
  { name: 'createAdminSchema', schema: createAdminSchema, valid: { username: 'mod_1', password: 'secret', name: 'Mo', email: 'mo@example.com', role: 'moderator' } },
  { name: 'setAdminPasswordSchema', schema: setAdminPasswordSchema, valid: { password: 'secret12' } },
  { name: 'adminUserUpdateSchema', schema: adminUserUpdateSchema, valid: { credits: '5', password: 'secret12' } },
  { name: 'pageViewSchema', schema: pageViewSchema, valid: { path: '/about', referrer: 'https://example.com/x' } },
  { name: 'placeBidSchema', schema: placeBidSchema, valid: { propertyId: 'p1', amount: 150, message: 'Happy to help.' } },
  { name: 'editBidSchema', schema: editBidSchema, valid: { message: 'Happy to help.' } },
  { name: 'selectBidSchema', schema: selectBidSchema, valid: { bidId: 'b1' } },
  {
    name: 'legalDocumentSchema',
    schema: legalDocumentSchema,
    valid: { type: 'tos_realtor', title: 'Realtor terms', content: 'Terms text', version: '2.0', effectiveDate: '2026-12-01T09:30' },
  },
  { name: 'acceptAgreementsSchema', schema: acceptAgreementsSchema, valid: { documentIds: [1, '2'] } },
  {
    name: 'createPropertySchema',
    schema: createPropertySchema,
    valid: {
      title: 'Bright family home',
      description: 'Three bedrooms near the park.',
      propertyType: 'house',
      bedrooms: '3',
      bathrooms: 2,
      address: '12 Elm Street',
      location: 'Toronto, ON',
      images: ['images/a.jpg'],
      biddingEndsAt: '2030-01-01T00:00:00Z',
      minBidAmount: '150',
    },
  },
  {
    name: 'updatePropertySchema',
    schema: updatePropertySchema,
    valid: {
      title: 'Bright family home',
      description: 'Three bedrooms near the park.',
      propertyType: 'house',
      bedrooms: 3,
      bathrooms: 2,
      address: '12 Elm Street',
      location: 'Toronto, ON',
      images: [],
    },
  },
  { name: 'prospectSchema', schema: prospectSchema, valid: { email: 'jane@example.com', inquiryType: 'general', message: 'Hello there, a question.', page: 'contact' } },
  {
    name: 'realtorProfileSchema',
    schema: realtorProfileSchema,
    valid: { brokerageName: 'Acme', licenseNumber: 'L-1', serviceAreas: ['Downtown'], specialties: ['Condos'], commissionRate: '2.5%', about: 'Hi', yearsOfExperience: '3', verificationDocumentUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf' },
  },
  { name: 'submitVerificationSchema', schema: submitVerificationSchema, valid: { documentUrl: 'bills/x.pdf' } },
  { name: 'approveVerificationSchema', schema: approveVerificationSchema, valid: { adminNotes: 'Bill matches the listing address.' } },
  { name: 'rejectVerificationSchema', schema: rejectVerificationSchema, valid: { subject: 'Unreadable', message: 'Please upload a clearer bill.' } },
  { name: 'rejectRealtorSchema', schema: rejectRealtorSchema, valid: { subject: 'Licence not found', message: 'The registry has no such licence.' } },
  { name: 'revokeRealtorSchema', schema: revokeRealtorSchema, valid: { reason: 'The licence lapsed.' } },
  { name: 'purchaseSchema', schema: purchaseSchema, valid: { credits: 3 } },
  { name: 'savePaymentMethodSchema', schema: savePaymentMethodSchema, valid: { paymentMethodId: 'pm_card_visa' } },
  { name: 'confirmBody', schema: confirmBody, valid: { paymentIntentId: 'pi_123' } },
  { name: 'authenticateBody', schema: authenticateBody, valid: { outcome: 'fail' } },
  { name: 'notificationPreferencesSchema', schema: notificationPreferencesSchema, valid: { bidEmails: 'daily' } },
  { name: 'eraseAccountSchema', schema: eraseAccountSchema, valid: { password: 'Secret123' } },
  { name: 'markNotificationsReadSchema', schema: markNotificationsReadSchema, valid: { ids: ['e1:u1'] } },
  { name: 'notificationsQuery', schema: notificationsQuery, valid: { limit: '10', cursor: 'abc' } },
  { name: 'intentId', schema: intentId, valid: 'pi_123' },
  { name: 'confirmQuery', schema: confirmQuery, valid: { payment_intent: 'pi_123' } },
  { name: 'administratorsListQuery', schema: administratorsListQuery, valid: { search: 'root', limit: '10', cursor: 'abc', role: 'moderator', active: 'false' } },
  { name: 'realtorsListQuery', schema: realtorsListQuery, valid: { search: 'rita', limit: '10', hasProfile: 'true', sort: 'name' } },
  { name: 'verificationsListQuery', schema: verificationsListQuery, valid: { search: 'jane', limit: '10', status: 'pending', sort: 'oldest' } },
  { name: 'bulkApproveSchema', schema: bulkApproveSchema, valid: { ids: ['v1', 'v2'] } },
  { name: 'usersListQuery', schema: usersListQuery, valid: { search: 'jane', limit: '20', role: 'realtor', emailVerified: 'true', verification: 'pending', from: '2026-01-01', to: '2026-12-31', sort: 'name' } },
  { name: 'propertiesListQuery', schema: propertiesListQuery, valid: { search: 'toronto', limit: '10', active: 'true', from: '2026-01-01', to: '2026-12-31', sort: 'bids' } },
  { name: 'bidsListQuery', schema: bidsListQuery, valid: { search: 'rita', limit: '10', status: 'pending', from: '2026-01-01', to: '2026-12-31', sort: 'amount' } },
  { name: 'paymentsListQuery', schema: paymentsListQuery, valid: { search: 'rita', limit: '10', status: 'succeeded', from: '2026-01-01', to: '2026-12-31', sort: 'oldest' } },
  { name: 'legalDocumentsQuery', schema: legalDocumentsQuery, valid: { type: 'tos_realtor', search: 'terms', limit: '10' } },
  { name: 'legalAgreementsQuery', schema: legalAgreementsQuery, valid: { type: 'tos_realtor', documentId: '2', limit: '10' } },
  { name: 'activityQuery', schema: activityQuery, valid: { search: 'bid', limit: '10', actorType: 'admin', action: 'user.credits_set', targetType: 'user', from: '2026-01-01', to: '2026-12-31' } },
  { name: 'activityExportQuery', schema: activityExportQuery, valid: { search: 'bid', actorId: 'a1', from: '2026-01-01' } },
  { name: 'reportQuery', schema: reportQuery, valid: { days: '7' } },
  { name: 'listQuery', schema: listQuery, valid: { search: 'x', inquiryType: 'general', page: '1', pageSize: '20' } },
  { name: 'exportQuery', schema: exportQuery, valid: { search: 'x', inquiryType: '' } },
  { name: 'roleQuery', schema: roleQuery, valid: { role: 'realtor' } },
  { name: 'pageQuery', schema: pageQuery, valid: { cursor: '12', limit: '24' } },
  { name: 'bidIdParam', schema: bidIdParam, valid: 'b1a2c3d4-0000-4000-8000-000000000000' },
  { name: 'timelineQuery', schema: timelineQuery, valid: { limit: '20', cursor: '40', at: '2026-11-24T18:30:00.000Z' } },
  { name: 'timelineParams.id', schema: timelineParams.id, valid: 'b1a2c3d4-0000-4000-8000-000000000000' },
  { name: 'submitReviewSchema', schema: submitReviewSchema, valid: { rating: 5, text: 'Sold in a week, great advice throughout.' } },
  { name: 'replyToReviewSchema', schema: replyToReviewSchema, valid: { text: 'Thank you, it was a pleasure.' } },
  { name: 'hideReviewSchema', schema: hideReviewSchema, valid: { reason: 'Names a private person' } },
  { name: 'reviewsListQuery', schema: reviewsListQuery, valid: { limit: '10', cursor: 'abc' } },
  { name: 'adminReviewsListQuery', schema: adminReviewsListQuery, valid: { limit: '10', hidden: 'true' } },
];

/** Values as long as a request body may be: a run of letters (no comma, no @), of digits, and of words. */
const LONG_VALUES = [
  'a'.repeat(JSON_BODY_LIMIT),
  '1'.repeat(JSON_BODY_LIMIT),
  'ab '.repeat(Math.floor(JSON_BODY_LIMIT / 3)),
];

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (def.type === 'pipe') return (def.in && shapeOf(def.in)) ?? (def.out && shapeOf(def.out)) ?? null;
  return null;
}

/** A field the schema declares but the route drops (acceptAgreementsSchema's client-claimed address). */
function isIgnored(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'unknown' || def.type === 'any') return true;
  return def.innerType !== undefined && isIgnored(def.innerType);
}

/** Refused on that field, or accepted with the value dropped (a referrer that is not one is recorded as none). */
function refusedOrDropped(result: z.ZodSafeParseResult<unknown>, field: string | null): boolean {
  if (result.success) return JSON.stringify(result.data).length < 10_000;
  return field === null || result.error.issues.some((issue) => issue.path[0] === field);
}

describe('bounded input: every request schema refuses a body-sized string in every field', () => {
  it.each(SCHEMAS)('$name accepts its example', ({ schema, valid }) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(SCHEMAS)('$name refuses a value as long as the body limit in each field, quickly', ({ schema, valid }) => {
    const shape = shapeOf(schema);
    if (shape === null) {
      for (const value of LONG_VALUES) expect(refusedOrDropped(schema.safeParse(value), null)).toBe(true);
      return;
    }
    const fields = Object.keys(shape).filter((field) => !isIgnored(shape[field]!));
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      for (const value of LONG_VALUES) {
        // As the field itself, and as an item, for fields that are lists of strings.
        for (const sent of [value, [value]]) {
          const result = schema.safeParse({ ...(valid as object), [field]: sent });
          expect(refusedOrDropped(result, field), `${field} = ${Array.isArray(sent) ? '[long]' : 'long'} (${value.slice(0, 3)}…)`).toBe(true);
        }
      }
    }
  });

  it('lists every schema the routes check requests with', () => {
    const dir = join(import.meta.dirname, '..', 'routes');
    const used = new Set<string>();
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = readFileSync(join(dir, file), 'utf8');
      for (const match of source.matchAll(/read(?:Optional)?Json\(c, (\w+)\)|validate\((\w+),/g)) used.add(match[1] ?? match[2]!);
    }
    expect(used.size).toBeGreaterThan(20);
    const listed = SCHEMAS.map((entry) => entry.name.split(' ')[0]);
    expect([...used].filter((name) => !listed.includes(name))).toEqual([]);
  });
});
