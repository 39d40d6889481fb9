import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  userInfoSchema,
} from '../../contract/accounts/accounts';
import { loginAnswer, userAnswer } from '../../contract/accounts/account-answers';
import { adminLoginSchema, adminUserUpdateSchema, createAdminSchema, setAdminPasswordSchema } from '../../contract/admin/admins';
import { pageViewSchema } from '../../contract/analytics/analytics';
import { editBidSchema, placeBidSchema, selectBidSchema } from '../../contract/bidding/bidding';
import { bidRevisionsAnswer, contactSharesAnswer, ownBidAnswer, ownBidsAnswer, ownerBidsAnswer, selectBidAnswer } from '../../contract/bidding/bidding-answers';
import { acceptAgreementsSchema, legalDocumentSchema } from '../../contract/legal/legal';
import { adminLegalDocumentAnswer, adminLegalDocumentsAnswer, savedLegalDocumentAnswer } from '../../contract/legal/legal-answers';
import { propertiesAnswer, propertyAnswer, propertyListAnswer } from '../../contract/listings/listing-answers';
import { createPropertySchema, updatePropertySchema } from '../../contract/listings/listing-requests';
import { purchaseSchema } from '../../domain/payments/packages';
import { prospectSchema } from '../../contract/prospects/prospect-requests';
import { realtorProfileAnswer } from '../../contract/realtor-profiles/realtor-profile-answers';
import { rejectRealtorSchema, revokeRealtorSchema } from '../../contract/admin/admin-realtors';
import { realtorProfileSchema } from '../../contract/realtor-profiles/realtor-profiles';
import { adminReviewAnswer, adminReviewsPageAnswer, reviewAnswer, reviewsPageAnswer } from '../../contract/reviews/review-answers';
import { hideReviewSchema, replyToReviewSchema, submitReviewSchema } from '../../contract/reviews/reviews';
import { adminReviewsListQuery } from './admin/admin-reviews';
import { reviewsListQuery } from './reviews/reviews';
import { approveVerificationSchema, rejectVerificationSchema, submitVerificationSchema } from '../../contract/verification/verification';
import { adminVerificationAnswer, adminVerificationsAnswer, rejectedVerificationAnswer } from '../../contract/verification/verification-answers';
import type { ApiOperations } from '../platform/openapi';
import { ADMINS, EVERYONE, USERS } from '../platform/openapi';
import { usersListQuery } from './admin/admin-accounts';
import { administratorsListQuery } from './admin/admin-administrators';
import { activityExportQuery, activityQuery } from './admin/admin-activity';
import { reportQuery } from './admin/admin-page-views';
import { realtorsListQuery } from './admin/admin-realtors';
import { bulkApproveSchema, verificationsListQuery } from './admin/admin-verifications';
import { propertiesListQuery } from './admin/admin-properties';
import { bidsListQuery } from './admin/admin-bids';
import { paymentsListQuery } from './admin/admin-payments';
import { exportQuery, listQuery } from './admin/admin-prospects';
import { registrationSchema } from './accounts/auth';
import { roleQuery } from './legal/legal';
import { legalAgreementsQuery, legalDocumentsQuery } from './admin/admin-legal';
import { listQuery as listQueryOfContract } from './admin/list-page';
import { savePaymentMethodSchema } from './payments/payment-methods';
import { authenticateBody, confirmBody, confirmQuery, intentId } from './payments/payment-returns';
import { pageQuery } from './listings/properties';
import { BILL, IMAGE } from './listings/uploads';
import { bidIdParam } from './bidding/bids';
import { timelineParams, timelineQuery } from './admin/admin-timeline';
import { notificationPreferencesSchema } from '../../contract/notifications/notifications';
import { eraseAccountSchema } from '../../contract/accounts/user-data';
import { markNotificationsReadSchema } from '../../contract/notifications/inbox';
import { notificationsPageAnswer, notificationsReadAnswer } from '../../contract/notifications/inbox-answers';
import { notificationsQuery } from './notifications/inbox';

/*
 * Every route the app registers, with the schemas it validates with (imported,
 * never copied), the contract's schema of its answer where there is one, and
 * who may call it; the OpenAPI document is built from this table
 * (src/http/platform/openapi.ts). openapi.test.ts fails when a route is missing
 * here or listed but gone; route-roles.test.ts checks the roles.
 */
export const API_OPERATIONS: ApiOperations = {
  // Operations (docs/decisions/0027)
  'GET /healthz': { summary: 'The process is alive', roles: EVERYONE },
  'GET /readyz': { summary: "Ready once every projection has caught up with the log (503 with each projection's position and lag before)", roles: EVERYONE },
  'GET /metrics': { summary: 'Prometheus metrics of this node (only the bearer token METRICS_TOKEN names, when set)', roles: EVERYONE, answer: { kind: 'metrics' } },
  'GET /robots.txt': { summary: 'What crawlers may fetch: the public pages, not the back office, the API or signed-in screens', roles: EVERYONE, answer: { kind: 'text' } },
  'GET /sitemap.xml': { summary: 'The public pages, for search engines', roles: EVERYONE, answer: { kind: 'xml' } },
  'GET /api/openapi.json': { summary: 'This document', roles: EVERYONE },

  // Sessions and accounts
  'POST /api/register': { summary: 'Create a homeowner or realtor account and sign in', roles: EVERYONE, body: registrationSchema, answer: { status: 201, schema: userAnswer } },
  'POST /api/login': { summary: 'Sign in with a username or email and a password', roles: EVERYONE, body: loginSchema, answer: { schema: loginAnswer } },
  'POST /api/logout': { summary: 'Sign out: the session cookie stops working', roles: EVERYONE },
  'GET /api/user': { summary: 'The signed-in user', roles: USERS, answer: { schema: userAnswer } },
  'PUT /api/user/info': { summary: "Change the signed-in user's name and phone", roles: USERS, body: userInfoSchema, answer: { schema: userAnswer } },
  'PUT /api/user/change-password': { summary: 'Change the password; every other session ends', roles: USERS, body: changePasswordSchema },
  'POST /api/forgot-password': { summary: 'Mail a password-reset link (answers the same whether the email is known or not)', roles: EVERYONE, body: forgotPasswordSchema },
  'POST /api/reset-password': { summary: "Set a new password with a reset link's token", roles: EVERYONE, body: resetPasswordSchema },
  'POST /api/resend-verification': { summary: 'Mail the email-verification link again', roles: USERS },
  'GET /api/verify-email': { summary: "The verification mail's link: verifies the email and redirects to /home", roles: EVERYONE, answer: { status: 302, kind: 'redirect', description: 'To /home, or /home?emailVerification=invalid' } },

  // Administrators
  'POST /api/admin/login': { summary: 'Sign in to the back office', roles: EVERYONE, body: adminLoginSchema },
  'POST /api/admin/logout': { summary: 'Sign out of the back office', roles: EVERYONE },
  'GET /api/admin/me': { summary: 'The signed-in administrator', roles: ADMINS },
  'GET /api/admin/admin-users': {
    summary: 'Administrators, oldest first, a page at a time (`{ items, nextCursor, total }`, docs/decisions/0032): search by name, username or email; filter by role and active',
    roles: ADMINS,
    query: administratorsListQuery,
  },
  'POST /api/admin/admin-users': { summary: 'Create an administrator', roles: ['super_admin'], body: createAdminSchema, answer: { status: 201 } },
  'PUT /api/admin/admin-users/:adminId/password': { summary: "Set an administrator's password", roles: ['super_admin'], body: setAdminPasswordSchema },
  'POST /api/admin/admin-users/:adminId/deactivate': { summary: 'Deactivate an administrator; their sessions end', roles: ['super_admin'] },
  'POST /api/admin/admin-users/:adminId/reactivate': { summary: 'Reactivate a deactivated administrator: they sign in again with their password, their old sessions stay ended', roles: ['super_admin'] },
  'GET /api/admin/users': {
    summary: 'Homeowners and realtors, a page at a time (`{ items, nextCursor, total }`, docs/decisions/0032): search by name, username or email; filter by role, email verified, verification status and joining days; newest, oldest or by name',
    roles: ADMINS,
    query: usersListQuery,
  },
  'PUT /api/admin/users/:userId': { summary: "Set a user's credits (with the balance the administrator saw) or password", roles: ADMINS, body: adminUserUpdateSchema },
  'GET /api/admin/dashboard': { summary: 'Counts and recent activity for the back office', roles: ADMINS },
  'GET /api/admin/activity': {
    summary:
      "The activity log, newest first, a page at a time (`{ items, nextCursor, total }`, docs/decisions/0032): who, what, when, from where, the target by name and what changed (before → after); search by the target's name or email; filter by actor, action, target type and days (docs/decisions/0034)",
    roles: ADMINS,
    query: activityQuery,
  },
  'GET /api/admin/activity.csv': { summary: 'The activity log as CSV, with the same filters (at most 10,000 entries, newest first); the export is itself logged', roles: ADMINS, query: activityExportQuery, answer: { kind: 'csv' } },
  'GET /api/admin/timeline/:kind/:id': {
    summary:
      "A listing's or an account's events from the log, oldest first, a page at a time (`items`, `nextCursor`, `total`), each with who caused it and from where, and `stateAt`: the state folded from the log up to `at` or `revision` (now by default), secrets hidden (docs/decisions/0041)",
    roles: ADMINS,
    params: timelineParams,
    query: timelineQuery,
  },

  // Contact, page views and legal documents
  'POST /api/prospects': { summary: 'Send the contact form', roles: EVERYONE, body: prospectSchema, answer: { status: 201 } },
  'POST /api/page-views': { summary: 'Count a page view (nothing is stored with Do Not Track or Global Privacy Control)', roles: EVERYONE, body: pageViewSchema, answer: { status: 204, kind: 'empty', description: 'Counted, or skipped' } },
  'GET /api/legal-documents/active': { summary: 'The legal documents in force for a role', roles: EVERYONE, query: roleQuery },
  'GET /api/legal-documents/:type': { summary: 'The legal document of a type in force', roles: EVERYONE },
  'GET /api/user/pending-agreements': { summary: 'Documents in force the signed-in user has not accepted yet', roles: USERS },
  'POST /api/user/agreements': { summary: 'Accept legal documents', roles: USERS, body: acceptAgreementsSchema },
  'GET /api/admin/prospects': { summary: 'Contact-form inquiries, newest first', roles: ADMINS, query: listQuery },
  'GET /api/admin/prospects.csv': { summary: 'Contact-form inquiries as CSV', roles: ADMINS, query: exportQuery, answer: { kind: 'csv' } },
  'GET /api/admin/page-views': { summary: 'Page views per day and per page', roles: ADMINS, query: reportQuery },
  'GET /api/admin/legal-documents': {
    summary:
      'Every legal document version, newest first, a page at a time (`{ items, nextCursor, total }`, docs/decisions/0032), each with its status (draft, scheduled, active, superseded) at the time asked; filter by type, search title or version',
    roles: ADMINS,
    query: legalDocumentsQuery,
    answer: { schema: adminLegalDocumentsAnswer },
  },
  'POST /api/admin/legal-documents': { summary: 'Write a legal document (a draft until activated)', roles: ADMINS, body: legalDocumentSchema, answer: { status: 201, schema: adminLegalDocumentAnswer } },
  'PUT /api/admin/legal-documents/:id': {
    summary: "Edit a draft in place (200); an activated version's text never changes, so its edit is saved as a new draft version (201, `savedAsNewVersion: true`, 'Saved as a new draft version')",
    roles: ADMINS,
    body: legalDocumentSchema,
    answer: { schema: savedLegalDocumentAnswer },
  },
  'DELETE /api/admin/legal-documents/:id': { summary: 'Delete a draft; a version that was ever activated stays on record (409)', roles: ADMINS },
  'POST /api/admin/legal-documents/:id/activate': {
    summary: 'Lock a version and put it in force for its type: at once, or scheduled when its effective date is to come (it is in force by itself from then)',
    roles: ADMINS,
    answer: { schema: adminLegalDocumentAnswer },
  },
  'GET /api/admin/legal-documents/:id/agreements': { summary: 'Who accepted this version, and when, a page at a time (`{ items, nextCursor, total }`)', roles: ADMINS, query: listQueryOfContract },
  'GET /api/admin/legal-agreements': {
    summary: 'Acceptances of legal documents, newest first, a page at a time (`{ items, nextCursor, total }`), each naming the exact version accepted; filter by type or version',
    roles: ADMINS,
    query: legalAgreementsQuery,
  },

  // Files, ownership verification and listings
  'GET /api/files/:key{.+}': {
    summary:
      "A stored file, at the signed address the API handed out; `&w=400|800|1600` answers an image's WebP copy at most that wide, or the image itself when it has none (docs/decisions/0054)",
    roles: EVERYONE,
    answer: { kind: 'file' },
  },
  'POST /api/upload-document': { summary: "Upload a homeowner's utility bill or a realtor's licence document (PDF or image) for verification", roles: USERS, upload: BILL, answer: { status: 201 } },
  'POST /api/upload-property-image': {
    summary: 'Upload a listing image (verified homeowners): stored upright, without metadata, with WebP copies 400, 800 and 1600 px wide; over 40 megapixels is 400',
    roles: ['homeowner'],
    upload: IMAGE,
    answer: { status: 201 },
  },
  'POST /api/upload-profile-image': { summary: "Upload the signed-in realtor's profile picture", roles: ['realtor'], upload: IMAGE, answer: { status: 201 } },
  'GET /api/proxy-image/:imageKey{.+}': { summary: "A short-lived address of a listing image: `{ url }`", roles: [...USERS, ...ADMINS] },
  'POST /api/verification/submit': { summary: 'Submit an uploaded bill for ownership verification', roles: ['homeowner'], body: submitVerificationSchema },
  'GET /api/verification/status': { summary: "The signed-in homeowner's verification status", roles: USERS },
  'GET /api/admin/verifications': {
    summary:
      "Ownership verifications, a page at a time (`{ items, nextCursor, total, counts: { pending, approved, rejected } }`, docs/decisions/0032; the counts are over every submission): `?status=pending` is the review queue, oldest first; otherwise newest first; search by the homeowner's name or email",
    roles: ADMINS,
    query: verificationsListQuery,
    answer: { schema: adminVerificationsAnswer },
  },
  'POST /api/admin/verifications/approve': {
    summary: 'Approve up to 100 selected pending verifications, each once: `{ approved: [ids], skipped: [{ id, reason }] }`',
    roles: ADMINS,
    body: bulkApproveSchema,
  },
  'POST /api/admin/verifications/:id/approve': {
    summary: 'Approve an ownership verification, with optional notes for other administrators',
    roles: ADMINS,
    body: approveVerificationSchema,
    bodyOptional: true,
    answer: { schema: adminVerificationAnswer },
  },
  'POST /api/admin/verifications/:id/reject': { summary: 'Reject an ownership verification and mail the homeowner why', roles: ADMINS, body: rejectVerificationSchema, answer: { schema: rejectedVerificationAnswer } },
  'GET /api/admin/verification-document/:encodedKey{.+}': { summary: 'A short-lived address of a submitted bill: `{ url }`', roles: ADMINS },
  'POST /api/properties': { summary: 'List a property (verified homeowners)', roles: ['homeowner'], body: createPropertySchema, answer: { status: 201, schema: propertyAnswer } },
  'GET /api/properties': { summary: 'Active listings matching `search`, `propertyType`, `minBedrooms`, `minBathrooms` and `state` (open, closing, closed), in `sort` order (newest, ending, fewest_bids; newest by default); with `limit` or `cursor`, one page `{ properties, nextCursor }`, the first with `total`, the count of every match', roles: USERS, query: pageQuery, answer: { schema: propertyListAnswer } },
  'GET /api/properties/:id': { summary: 'One listing', roles: [...USERS, ...ADMINS], answer: { schema: propertyAnswer } },
  'GET /api/user/properties': { summary: "The signed-in homeowner's listings", roles: USERS, answer: { schema: propertiesAnswer } },
  'PUT /api/properties/:id': { summary: 'Edit an own listing', roles: ['homeowner'], body: updatePropertySchema, answer: { schema: propertyAnswer } },
  'DELETE /api/properties/:id': { summary: 'Delete an own listing; its bids are refunded', roles: ['homeowner'] },
  'GET /api/admin/properties': { summary: 'Every listing', roles: ADMINS, query: propertiesListQuery },
  'PUT /api/admin/properties/:id/toggle': { summary: 'Activate or deactivate a listing', roles: ADMINS },

  // Bids, credits and realtor profiles
  'POST /api/properties/:id/bid': { summary: 'Bid on a listing for one credit', roles: ['realtor'], body: placeBidSchema, answer: { status: 201, schema: ownBidAnswer } },
  'PUT /api/bids/:bidId': { summary: "Edit an own bid's message", roles: ['realtor'], body: editBidSchema, answer: { schema: ownBidAnswer } },
  'GET /api/bids': { summary: "The signed-in realtor's bids", roles: ['realtor'], answer: { schema: ownBidsAnswer } },
  'GET /api/properties/:id/bids': { summary: "A listing's bids, as its owner (or a bidding realtor) may see them", roles: USERS, answer: { schema: ownerBidsAnswer } },
  'GET /api/bids/:bidId/history': { summary: "A bid's messages, oldest first, for the listing's owner and the bid's realtor (404 to anyone else)", roles: USERS, params: { bidId: bidIdParam }, answer: { schema: bidRevisionsAnswer } },
  'POST /api/properties/:id/select-bid': { summary: "Choose a bid on an own listing: contact details are shared", roles: ['homeowner'], body: selectBidSchema, answer: { schema: selectBidAnswer } },
  'GET /api/realtor-profile': { summary: "The signed-in realtor's profile", roles: ['realtor'], answer: { schema: realtorProfileAnswer } },
  'POST /api/realtor-profile': { summary: "Save the signed-in realtor's profile", roles: ['realtor'], body: realtorProfileSchema, answer: { schema: realtorProfileAnswer } },
  'GET /api/realtor-profile/:realtorId': { summary: "A realtor's profile, without contact details until the rules allow", roles: USERS, answer: { schema: realtorProfileAnswer } },
  'GET /api/dashboard': { summary: "The signed-in realtor's dashboard", roles: ['realtor'] },
  'GET /api/dashboard/insights': { summary: "The signed-in realtor's win rate, median time to bid, credits per win and bids and wins by area (docs/decisions/0039)", roles: ['realtor'] },
  'GET /api/contact-shares': { summary: "Every selection that showed the signed-in user's contact details to someone and theirs to the user, newest first (docs/decisions/0038)", roles: USERS, answer: { schema: contactSharesAnswer } },
  'GET /api/user/notifications': { summary: "The signed-in user's mail choice: a homeowner's bidEmails (instant, daily, none), a realtor's outcomeEmails (docs/decisions/0043)", roles: USERS },
  'PUT /api/user/notifications': { summary: 'Change the mail choice: bidEmails for a homeowner, outcomeEmails for a realtor; the other role\'s setting is a 400', roles: USERS, body: notificationPreferencesSchema },
  'GET /api/notifications': {
    summary: "The signed-in user's inbox, newest first, a page at a time (`{ items, nextCursor, total, unread }`): new bids, selections, verification outcomes, credit changes, new listings in a realtor's areas, reviews (docs/decisions/0060)",
    roles: USERS,
    query: notificationsQuery,
    answer: { schema: notificationsPageAnswer },
  },
  'POST /api/notifications/read': { summary: 'Mark inbox entries read: `{ ids }` (the caller\'s unread ones among them) or `{ all: true }`; answers the unread count', roles: USERS, body: markNotificationsReadSchema, answer: { schema: notificationsReadAnswer } },
  'GET /api/user/export': { summary: 'Everything held about the signed-in user as one JSON attachment, bidhome-data-<date>.json (docs/decisions/0042)', roles: USERS },
  'DELETE /api/user': { summary: 'Erase the signed-in user after checking their password: listings withdrawn, sessions ended, personal data shredded in the log and forgotten by every read model, the session cookie cleared (docs/decisions/0042)', roles: USERS, body: eraseAccountSchema },
  'GET /api/admin/bids': {
    summary: 'Every bid, a page at a time (`{ items, nextCursor, total }`): search by realtor or listing; filter by status and day; newest, oldest or by amount',
    roles: ADMINS,
    query: bidsListQuery,
  },
  'GET /api/admin/realtors': {
    summary: 'Every realtor account, profile or not, with the saved profile\'s fields, a page at a time (`{ items, nextCursor, total }`, docs/decisions/0032): search by name, username or email; filter by having a profile; newest, oldest or by name',
    roles: ADMINS,
    query: realtorsListQuery,
  },
  'GET /api/admin/realtor-profiles': {
    summary:
      'The same list as GET /api/admin/realtors, under the name of the spec; `?verificationStatus=pending` is the licence review queue, oldest first (docs/decisions/0050); with pending, approved or rejected, newest and oldest sort by when the profile went to review',
    roles: ADMINS,
    query: realtorsListQuery,
  },
  'POST /api/admin/realtor-profiles/:userId/approve': { summary: "Approve a realtor's licence verification, which lets them bid, and mail them", roles: ADMINS },
  'POST /api/admin/realtor-profiles/:userId/reject': { summary: "Reject a realtor's licence verification and mail them the subject and message", roles: ADMINS, body: rejectRealtorSchema },
  'POST /api/admin/realtor-profiles/:userId/revoke': { summary: "Revoke an approved realtor's licence verification (a lapsed licence): they stop bidding; bids already placed stay", roles: ADMINS, body: revokeRealtorSchema },
  'GET /api/admin/realtor-document/:encodedKey{.+}': { summary: "A short-lived address of a realtor's licence document: `{ url }`", roles: ADMINS },

  // Credits and card payments
  'POST /api/credits/purchase': { summary: 'Buy a credit package by card', roles: ['realtor'], body: purchaseSchema },
  'GET /api/credits/statement': { summary: "The signed-in realtor's credit statement", roles: ['realtor'] },
  'POST /api/payment-method/setup': { summary: 'Start saving a card', roles: ['realtor'] },
  'POST /api/payment-method/save': { summary: 'Save a card for later purchases', roles: ['realtor'], body: savePaymentMethodSchema },
  'DELETE /api/payment-method': { summary: 'Forget the saved card', roles: ['realtor'] },
  'GET /api/payments/config': { summary: 'Payment mode, publishable key, return address and credit packages', roles: EVERYONE },
  'GET /api/payments/confirm': { summary: "The card-authentication redirect's return: settles the payment", roles: ['realtor'], query: confirmQuery },
  'POST /api/payments/confirm': { summary: 'Settle a payment after card authentication', roles: ['realtor'], body: confirmBody },
  'POST /api/payments/simulated/:paymentIntentId/confirm': {
    summary: 'Complete or fail the simulated card authentication (simulated payments only)',
    roles: ['realtor'],
    params: { paymentIntentId: intentId },
    body: authenticateBody,
    bodyOptional: true,
  },
  'POST /api/stripe/webhook': { summary: "Stripe's webhook, checked with STRIPE_WEBHOOK_SECRET", roles: EVERYONE },
  'GET /api/admin/payments': {
    summary: 'Card payments, a page at a time (`{ items, nextCursor, total }`): search by payer or payment id; filter by status and day; newest or oldest',
    roles: ADMINS,
    query: paymentsListQuery,
  },

  // Verified reviews (docs/decisions/0051)
  'POST /api/properties/:id/review': {
    summary: 'Review the realtor chosen on an own listing, once: rating 1–5 and 10 to 2,000 characters; 403 before a selection or for anyone else, 409 the second time',
    roles: ['homeowner'],
    body: submitReviewSchema,
    answer: { status: 201, schema: reviewAnswer },
  },
  'GET /api/realtors/:realtorId/reviews': {
    summary: "A realtor's visible reviews, newest first, a page at a time (`{ items, nextCursor, total }`); the author is a label that names no one",
    roles: USERS,
    query: reviewsListQuery,
    answer: { schema: reviewsPageAnswer },
  },
  'POST /api/reviews/:reviewId/reply': { summary: 'The reviewed realtor answers a review, once', roles: ['realtor'], body: replyToReviewSchema, answer: { schema: reviewAnswer } },
  'GET /api/admin/reviews': { summary: 'Every review, hidden ones too, newest first, a page at a time; filter by hidden', roles: ADMINS, query: adminReviewsListQuery, answer: { schema: adminReviewsPageAnswer } },
  'POST /api/admin/reviews/:reviewId/hide': {
    summary: "Hide a review with a reason (logged): it leaves the realtor's list and summary",
    roles: ADMINS,
    body: hideReviewSchema,
    answer: { schema: adminReviewAnswer },
  },

  // Public market stats
  'GET /api/stats/areas': {
    summary:
      'Listings, average bids per listing and median hours to the first bid per area over the last 30 and 90 days; an area shows only with 5 listings or more, the median only with 5 bid-receiving listings (docs/decisions/0040)',
    roles: EVERYONE,
  },
};
