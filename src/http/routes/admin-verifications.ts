import { Hono } from 'hono';
import { parseBlobKey } from '../../blobs/keys';
import { NotFoundError } from '../../domain/shared/errors';
import { VERIFICATION_NOT_FOUND, verification } from '../../domain/verification/decide';
import { verificationStreamId } from '../../domain/verification/events';
import { rejectVerificationSchema } from '../../domain/verification/rules';
import { verificationRejectedMail } from '../../mail/verification';
import type { UserDoc } from '../../projections/users';
import { USERS } from '../../projections/users';
import type { VerificationDoc } from '../../projections/verifications';
import { VERIFICATIONS } from '../../projections/verifications';
import type { AppDeps } from '../app';
import { runCommand } from '../commands';
import type { AppEnv } from '../context';
import { requireAdmin } from '../guards';
import { readJson } from '../validation';
import { adminActor } from './admin';

/** How long an administrator's address for a bill works: long enough to open it, too short to pass around. */
export const DOCUMENT_URL_TTL_SECONDS = 5 * 60;
const MAX_LISTED = 500;

/** A submission as the back office's Homeowners tab shows it. */
export interface AdminVerificationJson {
  id: string;
  userId: string;
  documentType: 'utility_bill';
  /** The bill's key; GET /api/admin/verification-document/{encodedKey} gives an address. */
  documentUrl: string;
  utilityBillUrl: string;
  status: VerificationDoc['status'];
  submittedAt: string;
  reviewedAt: string | null;
  reviewedBy: string | null;
  rejectionReason: string | null;
  userName: string | null;
  userEmail: string | null;
}

function toAdminVerificationJson(doc: VerificationDoc, user: Pick<UserDoc, 'name' | 'email'> | undefined): AdminVerificationJson {
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
    rejectionReason,
    userName: user?.name ?? null,
    userEmail: user?.email ?? null,
  };
}

/** /api/admin: the review queue, approve, reject (with a mail), and short-lived addresses for bills. */
export function createAdminVerificationRoutes(deps: AppDeps): Hono<AppEnv> {
  const verifications = deps.readStore.collection<VerificationDoc>(VERIFICATIONS);
  const users = deps.readStore.collection<UserDoc>(USERS);

  const findVerification = async (id: string) => {
    const doc = await verifications.findOne({ _id: id });
    if (!doc) throw new NotFoundError(VERIFICATION_NOT_FOUND);
    return doc;
  };

  const withUser = async (doc: VerificationDoc) => toAdminVerificationJson(doc, (await users.findOne({ _id: doc.userId })) ?? undefined);

  return new Hono<AppEnv>()
    .get('/verifications', requireAdmin(), async (c) => {
      const docs = await verifications.find({}, { sort: { submittedAt: -1, _id: -1 }, limit: MAX_LISTED });
      const owners = await users.find({ _id: { $in: [...new Set(docs.map((doc) => doc.userId))] } }, { projection: { name: 1, email: 1 } });
      const byId = new Map(owners.map((user) => [user._id, user]));
      return c.json(docs.map((doc) => toAdminVerificationJson(doc, byId.get(doc.userId))));
    })
    .post('/verifications/:id/approve', requireAdmin(), async (c) => {
      const doc = await findVerification(c.req.param('id'));
      await runCommand(deps, c, verificationStreamId(doc.userId), verification, {
        type: 'ApproveVerification',
        verificationId: doc._id,
        adminId: adminActor(c).id,
        at: deps.clock().toISOString(),
      });
      return c.json(await withUser(await findVerification(doc._id)));
    })
    .post('/verifications/:id/reject', requireAdmin(), async (c) => {
      // The body is read after the lookups that need none (docs/decisions/0021).
      const doc = await findVerification(c.req.param('id'));
      const { subject, message } = await readJson(c, rejectVerificationSchema);
      const { events } = await runCommand(deps, c, verificationStreamId(doc.userId), verification, {
        type: 'RejectVerification',
        verificationId: doc._id,
        adminId: adminActor(c).id,
        subject,
        message,
        at: deps.clock().toISOString(),
      });
      const answer = await withUser(await findVerification(doc._id));
      // Mailed only when this request rejected it, so a double click mails once.
      const emailSent = events.length > 0 ? await mailRejection(deps, c.get('requestId'), doc.userId, subject, message) : false;
      return c.json({ ...answer, emailSent });
    })
    .get('/verification-document/:encodedKey{.+}', requireAdmin(), async (c) => {
      const { key } = parseBlobKey(c.req.param('encodedKey'));
      // Only bills someone submitted: this is no general file reader.
      if (!(await verifications.findOne({ documentKey: key }))) throw new NotFoundError('Document not found');
      return c.json({ url: await deps.blobs.url(key, DOCUMENT_URL_TTL_SECONDS) });
    });
}

/** The rejection stands whether or not the mail goes out; a failure is logged and reported as emailSent: false. */
async function mailRejection(deps: AppDeps, requestId: string, userId: string, subject: string, message: string): Promise<boolean> {
  const user = await deps.readStore.collection<UserDoc>(USERS).findOne({ _id: userId });
  if (!user) return false;
  try {
    await deps.mailer.send(verificationRejectedMail({ to: user.email, name: user.name, subject, message, profileUrl: `${deps.env.publicUrl}/homeowner-profile` }));
    return true;
  } catch (error) {
    deps.logger.error('verification rejection mail failed', { requestId, userId, error });
    return false;
  }
}
