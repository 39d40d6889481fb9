import { Hono } from 'hono';
import { z } from 'zod';
import { parseBlobKey } from '../../../blobs/keys';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { VERIFICATION_NOT_FOUND, verification } from '../../../domain/verification/decide';
import { verificationStreamId } from '../../../domain/verification/events';
import type { AdminVerificationJson, BulkApprovalJson, VerificationCounts } from '../../../contract/verification/verification';
import { approveVerificationSchema, rejectVerificationSchema } from '../../../contract/verification/verification';
import type { UserDoc } from '../../../projections/accounts/users';
import type { VerificationDoc } from '../../../projections/verification/verifications';
import { adminUsersByIds } from '../../../projections/admin/admin-users-queries';
import { findUser, idsOfUsersMatching, usersByIds } from '../../../projections/accounts/users-queries';
import { countVerifications, findVerification, findVerificationByDocument, verificationsCollection } from '../../../projections/verification/verifications-queries';
import type { Filter, Sort } from '../../../read-store/port';
import type { AppDeps } from '../../deps';
import { recordAudit } from './audit';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireAdmin } from '../../guards';
import { allOf, listPage, listQuery, optionalParam, searchParam } from './list-page';
import { readJson, readOptionalJson, validate } from '../../validation';
import { adminActor } from './admin-shared';
import { userSearchFilter } from './admin-accounts';

/** How long an administrator's address for a bill works: long enough to open it, too short to pass around. */
export const DOCUMENT_URL_TTL_SECONDS = 5 * 60;
const STATUSES = ['pending', 'approved', 'rejected'] as const;
export const MAX_BULK_APPROVALS = 100;

export const verificationsListQuery = listQuery.extend({
  search: searchParam,
  status: optionalParam(z.enum(STATUSES, { error: 'Status must be pending, approved or rejected' })),
  sort: optionalParam(z.enum(['newest', 'oldest'], { error: 'Sort must be newest or oldest' })),
});

export const bulkApproveSchema = z.object({
  ids: z
    .array(z.string({ error: 'Each id must be text' }).min(1, 'Each id must be text').max(100, 'Each id must be at most 100 characters'), {
      error: 'Choose the verifications to approve',
    })
    .min(1, 'Choose the verifications to approve')
    .max(MAX_BULK_APPROVALS, `At most ${MAX_BULK_APPROVALS} verifications can be approved at once`),
});

function toAdminVerificationJson(
  doc: VerificationDoc,
  user: Pick<UserDoc, 'name' | 'email'> | undefined,
  reviewers: ReadonlyMap<string, string> = new Map(),
): AdminVerificationJson {
  const { _id, userId, documentType, documentKey, status, submittedAt, reviewedAt, reviewedBy, rejectionReason } = doc;
  return {
    id: _id,
    userId,
    documentType,
    documentUrl: documentKey,
    utilityBillUrl: documentKey,
    status,
    submittedAt,
    reviewedAt,
    reviewedBy,
    reviewedByName: reviewedBy === null ? null : (reviewers.get(reviewedBy) ?? null),
    rejectionReason,
    adminNotes: doc.adminNotes ?? null,
    userName: user?.name ?? null,
    userEmail: user?.email ?? null,
  };
}

/** /api/admin: the review queue, approve, reject (with a mail), and short-lived addresses for bills. */
export function createAdminVerificationRoutes(deps: AppDeps): Hono<AppEnv> {

  const requireVerification = async (id: string) => {
    const doc = await findVerification(deps.readStore, id);
    if (!doc) throw new NotFoundError(VERIFICATION_NOT_FOUND);
    return doc;
  };

  /** Submissions of the homeowners whose name, username or email contains `search`. */
  const ownerSearchFilter = async (search: string | undefined): Promise<Filter> => {
    if (!search) return {};
    return { userId: { $in: await idsOfUsersMatching(deps.readStore, { role: 'homeowner', ...userSearchFilter(search) }) } };
  };

  /** The names of the administrators who reviewed `docs`, by id. */
  const reviewerNames = async (docs: readonly VerificationDoc[]): Promise<Map<string, string>> => {
    const ids = [...new Set(docs.flatMap((doc) => (doc.reviewedBy === null ? [] : [doc.reviewedBy])))];
    if (ids.length === 0) return new Map();
    const found = await adminUsersByIds(deps.readStore, ids, { name: 1 });
    return new Map(found.map((admin) => [admin._id, admin.name]));
  };

  const withUser = async (doc: VerificationDoc) =>
    toAdminVerificationJson(doc, (await findUser(deps.readStore, doc.userId)) ?? undefined, await reviewerNames([doc]));

  return new Hono<AppEnv>()
    .get('/verifications', requireAdmin(), async (c) => {
      const query = validate(verificationsListQuery, c.req.query());
      // The queue is worked oldest first, so no bill waits forever behind newer ones; history reads newest first.
      const sort: Sort = { submittedAt: (query.sort ?? (query.status === 'pending' ? 'oldest' : 'newest')) === 'oldest' ? 1 : -1 };
      const filter = allOf(query.status === undefined ? {} : { status: query.status }, await ownerSearchFilter(query.search));
      const [page, pending, approved, rejected] = await Promise.all([
        listPage(verificationsCollection(deps.readStore), filter, sort, query),
        // Over every submission, whatever the page, search or status shown.
        countVerifications(deps.readStore, 'pending'),
        countVerifications(deps.readStore, 'approved'),
        countVerifications(deps.readStore, 'rejected'),
      ]);
      const [owners, reviewers] = await Promise.all([
        usersByIds(deps.readStore, [...new Set(page.docs.map((doc) => doc.userId))], { name: 1, email: 1 }),
        reviewerNames(page.docs),
      ]);
      const byId = new Map(owners.map((user) => [user._id, user]));
      return c.json({
        items: page.docs.map((doc) => toAdminVerificationJson(doc, byId.get(doc.userId), reviewers)),
        nextCursor: page.nextCursor,
        total: page.total,
        counts: { pending, approved, rejected } satisfies VerificationCounts,
      });
    })
    .post('/verifications/approve', requireAdmin(), async (c) => {
      const { ids } = await readJson(c, bulkApproveSchema);
      const adminId = adminActor(c).id;
      const approved: string[] = [];
      const skipped: BulkApprovalJson['skipped'] = [];
      // One at a time, each in its homeowner's stream: one refusal does not undo the others.
      for (const id of new Set(ids)) {
        const doc = await findVerification(deps.readStore, id);
        if (!doc) {
          skipped.push({ id, reason: VERIFICATION_NOT_FOUND });
          continue;
        }
        try {
          const { events } = await runCommand(deps, c, verificationStreamId(doc.userId), verification, {
            type: 'ApproveVerification',
            verificationId: doc._id,
            adminId,
            at: deps.clock().toISOString(),
          });
          if (events.length > 0) approved.push(id);
          else skipped.push({ id, reason: 'Already approved' });
        } catch (error) {
          if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
          skipped.push({ id, reason: error.message });
        }
      }
      return c.json<BulkApprovalJson>({ approved, skipped });
    })
    .post('/verifications/:id/approve', requireAdmin(), async (c) => {
      const doc = await requireVerification(c.req.param('id'));
      // The spec's review payload: optional notes, so no body at all is an approval without notes.
      const { adminNotes } = await readOptionalJson(c, approveVerificationSchema);
      await runCommand(deps, c, verificationStreamId(doc.userId), verification, {
        type: 'ApproveVerification',
        verificationId: doc._id,
        adminId: adminActor(c).id,
        adminNotes,
        at: deps.clock().toISOString(),
      });
      return c.json(await withUser(await requireVerification(doc._id)));
    })
    .post('/verifications/:id/reject', requireAdmin(), async (c) => {
      // The body is read after the lookups that need none (docs/decisions/0021).
      const doc = await requireVerification(c.req.param('id'));
      const { subject, message, adminNotes } = await readJson(c, rejectVerificationSchema);
      const { events } = await runCommand(deps, c, verificationStreamId(doc.userId), verification, {
        type: 'RejectVerification',
        verificationId: doc._id,
        adminId: adminActor(c).id,
        subject,
        message,
        adminNotes,
        at: deps.clock().toISOString(),
      });
      const answer = await withUser(await requireVerification(doc._id));
      // The mail follows the event in the log (docs/decisions/0063): owed only when this request rejected, so a double click mails once.
      return c.json({ ...answer, emailSent: events.length > 0 });
    })
    .get('/verification-document/:encodedKey{.+}', requireAdmin(), async (c) => {
      const { key } = parseBlobKey(c.req.param('encodedKey'));
      // Only bills someone submitted: this is no general file reader.
      const submission = await findVerificationByDocument(deps.readStore, key);
      if (!submission) throw new NotFoundError('Document not found');
      const url = await deps.blobs.url(key, DOCUMENT_URL_TTL_SECONDS);
      // A homeowner's bill is personal: who opened whose, and when, goes to the activity log.
      const adminId = adminActor(c).id;
      await recordAudit(deps, c, { kind: 'admin', id: adminId }, {
        type: 'VerificationDocumentOpened',
        data: { adminId, verificationId: submission._id, userId: submission.userId, at: deps.clock().toISOString() },
      });
      return c.json({ url });
    });
}
