/*
 * The admin activity log as the server answers it and the portal reads it
 * (docs/decisions/0008 and 0034). Actions are dotted, resource first; the
 * list is closed, so the log's filter can offer every action and refuse a
 * typo with a 400, and a mapping cannot log an action the portal does not know.
 */

export const ACTIVITY_ACTIONS = [
  'user.register',
  'user.login',
  'user.login_failed',
  'user.logout',
  'user.email_verified',
  'user.verification_mail_sent',
  'user.update_info',
  'user.password_reset_request',
  'user.password_reset',
  'user.password_change',
  'user.password_set_by_admin',
  'user.credits_set',
  'user.reward',
  'user.reward_withdraw',
  'admin.create',
  'admin.password_set',
  'admin.deactivate',
  'admin.reactivate',
  'admin.login',
  'admin.login_failed',
  'admin.logout',
  'prospect.create',
  'prospect.export',
  'activity.export',
  'legal_document.create',
  'legal_document.update',
  'legal_document.delete',
  'legal_document.activate',
  'legal_document.accept',
  'file.upload',
  'verification.submit',
  'verification.approve',
  'verification.reject',
  'verification.document_view',
  'property.create',
  'property.update',
  'property.toggle',
  'property.delete',
  'bid.place',
  'bid.update_message',
  'bid.refund',
  'bid.select',
  'realtor_profile.update',
  'realtor_verification.submit',
  'realtor_verification.approve',
  'realtor_verification.reject',
  'realtor_verification.revoke',
  'realtor_verification.document_view',
  'payment_method.save',
  'payment_method.remove',
  'credits.purchase',
  'payment.create',
  'payment.succeed',
  'payment.fail',
  'review.create',
  'review.reply',
  'review.hide',
] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an entry is about: its `resourceType`, the log's "target type" filter. */
export const ACTIVITY_TARGET_TYPES = [
  'user',
  'admin',
  'prospect',
  'export',
  'legal_document',
  'file',
  'verification',
  'property',
  'bid',
  'realtor_profile',
  'payment',
  'review',
] as const;

export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

export const ACTOR_TYPES = ['admin', 'user', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** One value before and after the act: `credits 30 → 26`, `active true → false`. Null where there was none. */
export interface ActivityChange {
  field: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

/** One entry of the admin activity log, as the API answers it and the `activity` push carries it. */
// A type, not an interface: pushes carry it as a plain record.
export type ActivityEntry = {
  id: string;
  actorType: ActorType;
  actorId: string | null;
  actorName: string | null;
  /** The acting administrator, as the spec's admin_logs names it; null when a user or the system acted. */
  adminId: string | null;
  action: ActivityAction;
  resourceType: ActivityTargetType;
  resourceId: string | null;
  /** The target by name as it was at the time: a person's name, a listing's or document's title. */
  targetName: string | null;
  /** The target person's email, when the target is (or belongs to) a person. */
  targetEmail: string | null;
  changes: ActivityChange[];
  details: Record<string, unknown>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
};

/** `credits: 30 → 26`, or `subject: Bill unreadable` when there was nothing before: as the portal and the CSV show a change. */
export function describeChange({ field, before, after }: ActivityChange): string {
  return before === null ? `${field}: ${String(after)}` : `${field}: ${String(before)} → ${String(after)}`;
}
