import type { DataExported, RealtorDocumentOpened, SignInFailed, VerificationDocumentOpened } from '../../domain/audit/events';
import type { SessionEnded } from '../../domain/sessions/events';
import type { ActivityRow } from './activity-rows';

/*
 * The activity-log rows of security-relevant acts that change no state
 * (src/domain/audit, docs/decisions/0034) and of sign-outs, spread into
 * ACTIVITY_TABLE.
 */

const EXPORT_NAMES: Record<DataExported['data']['export'], string> = { prospects: 'Prospects CSV', activity: 'Activity log CSV' };

export const AUDIT_ACTIVITY: {
  SignInFailed: ActivityRow<SignInFailed>;
  SessionEnded: ActivityRow<SessionEnded>;
  VerificationDocumentOpened: ActivityRow<VerificationDocumentOpened>;
  RealtorDocumentOpened: ActivityRow<RealtorDocumentOpened>;
  DataExported: ActivityRow<DataExported>;
} = {
  SignInFailed: {
    // Nobody is signed in, so the entry has no actor but the name that was tried.
    entry: (data) => ({
      actorType: 'system',
      actorId: null,
      action: data.kind === 'user' ? 'user.login_failed' : 'admin.login_failed',
      resourceType: data.kind,
      resourceId: data.accountId,
      details: { identifier: data.identifier, reason: data.reason },
      ...(data.accountId === null ? { target: { name: data.identifier, email: data.identifier.includes('@') ? data.identifier : null } } : {}),
    }),
  },
  SessionEnded: {
    entry: (data) => ({
      actorType: data.kind,
      actorId: data.subject,
      action: data.kind === 'user' ? 'user.logout' : 'admin.logout',
      resourceType: data.kind,
      resourceId: data.subject,
      details: {},
    }),
  },
  RealtorDocumentOpened: {
    entry: (data) => ({
      actorType: 'admin',
      actorId: data.adminId,
      action: 'realtor_verification.document_view',
      resourceType: 'realtor_profile',
      resourceId: data.userId,
      details: { userId: data.userId },
      target: { kind: 'user', id: data.userId },
    }),
  },
  VerificationDocumentOpened: {
    entry: (data) => ({
      actorType: 'admin',
      actorId: data.adminId,
      action: 'verification.document_view',
      resourceType: 'verification',
      resourceId: data.verificationId,
      details: { userId: data.userId },
      target: { kind: 'user', id: data.userId },
    }),
  },
  DataExported: {
    entry: (data) => ({
      actorType: 'admin',
      actorId: data.adminId,
      action: data.export === 'prospects' ? 'prospect.export' : 'activity.export',
      resourceType: 'export',
      resourceId: null,
      details: { filters: data.filters, rows: data.rows },
      target: { name: EXPORT_NAMES[data.export], email: null },
    }),
  },
};
