import { Hono } from 'hono';
import { assertNever } from '../../../domain/shared/decider';
import { verification } from '../../../domain/verification/decide';
import { verificationStreamId } from '../../../domain/verification/events';
import { submitVerificationSchema, type VerificationStatusJson } from '../../../contract/verification/verification';
import type { VerificationState, VerificationStatus } from '../../../domain/verification/verification';
import { readVerification } from '../../aggregates';
import type { AppDeps } from '../../deps';
import { runCommand } from '../../commands';
import type { AppEnv } from '../../context';
import { requireUser } from '../../guards';
import { readJson } from '../../validation';
import { currentUserId } from '../accounts/auth-shared';
import { requireOwnUploads } from '../listings/listing-shared';

export function toVerificationStatusJson(state: VerificationState): VerificationStatusJson {
  switch (state.status) {
    case 'not_submitted':
      return { status: state.status };
    case 'pending':
      return { status: state.status, submittedAt: state.submission.submittedAt };
    case 'approved':
      return { status: state.status, submittedAt: state.submission.submittedAt, reviewedAt: state.reviewedAt };
    case 'rejected':
      return { status: state.status, submittedAt: state.submission.submittedAt, reviewedAt: state.reviewedAt, rejectionReason: state.message };
    default:
      return assertNever(state);
  }
}

/** The homeowner's verification as its stream says: the source of truth for who may list. */
export async function loadVerificationStatus(deps: Pick<AppDeps, 'eventStore'>, userId: string): Promise<VerificationStatus> {
  return (await readVerification(deps, userId)).status;
}

/** The homeowner's side of ownership verification. */
export function createVerificationRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post('/verification/submit', requireUser('homeowner'), async (c) => {
      const userId = currentUserId(c);
      const { documentUrl } = await readJson(c, submitVerificationSchema);
      // Only a bill this homeowner uploaded: keys are opaque, but not secret from everyone.
      await requireOwnUploads(deps, userId, [documentUrl], 'bill');
      const { state } = await runCommand(deps, c, verificationStreamId(userId), verification, {
        type: 'SubmitVerification',
        verificationId: crypto.randomUUID(),
        userId,
        documentKey: documentUrl,
        at: deps.clock().toISOString(),
      });
      return c.json(toVerificationStatusJson(state));
    })
    .get('/verification/status', requireUser(), async (c) => {
      const state = await readVerification(deps, currentUserId(c));
      return c.json(toVerificationStatusJson(state));
    });
}
