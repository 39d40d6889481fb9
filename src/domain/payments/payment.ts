import type { RecordedEvent } from '../../event-store/port';
import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { streamScheme } from '../shared/stream-ids';

/*
 * One card payment for a credit package, in its own stream `payment-{paymentId}`
 * (docs/decisions/0017-payments.md). The stream decides the payment's lifecycle,
 * Created → Succeeded | Failed, once, whichever of the purchase answer, the
 * card-redirect return or a webhook reports the provider's outcome first.
 * Crediting the realtor is the account stream's decision, keyed by paymentId.
 */

export const paymentStream = streamScheme('payment');
export const paymentStreamId = paymentStream.of;

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const AMOUNT_MISMATCH = 'The amount paid does not match the payment';
export const OTHER_INTENT = 'The payment belongs to another payment intent';

export type PaymentCreated = {
  type: 'PaymentCreated';
  data: { paymentId: string; userId: string; credits: number; amountCents: number; at: string };
};
/** The provider's payment intent for this payment; it carries the paymentId in its metadata. */
export type PaymentIntentAttached = { type: 'PaymentIntentAttached'; data: { paymentId: string; paymentIntentId: string; at: string } };
export type PaymentSucceeded = {
  type: 'PaymentSucceeded';
  data: { paymentId: string; userId: string; paymentIntentId: string; chargeId: string | null; credits: number; amountCents: number; at: string };
};
/** The card was declined or its authentication failed; a later success on the same intent still counts. */
export type PaymentFailed = {
  type: 'PaymentFailed';
  data: { paymentId: string; userId: string; paymentIntentId: string | null; reason: string; at: string };
};

export type PaymentEvent = PaymentCreated | PaymentIntentAttached | PaymentSucceeded | PaymentFailed;

export type PaymentCommand =
  | { type: 'CreatePayment'; paymentId: string; userId: string; credits: number; amountCents: number; at: string }
  | { type: 'AttachPaymentIntent'; paymentIntentId: string; at: string }
  | { type: 'RecordPaymentSucceeded'; paymentIntentId: string; chargeId: string | null; amountCents: number; at: string }
  | { type: 'RecordPaymentFailed'; paymentIntentId: string | null; reason: string; at: string };

interface PaymentFacts {
  paymentId: string;
  userId: string;
  credits: number;
  amountCents: number;
  createdAt: string;
  paymentIntentId: string | null;
}

export type PaymentState =
  | { status: 'none' }
  | (PaymentFacts & { status: 'pending' })
  | (PaymentFacts & { status: 'failed'; reason: string; failedAt: string })
  | (PaymentFacts & { status: 'succeeded'; paymentIntentId: string; chargeId: string | null; processedAt: string });

export const payment: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    if (event.type === 'PaymentCreated') {
      const { paymentId, userId, credits, amountCents, at } = event.data;
      return { status: 'pending', paymentId, userId, credits, amountCents, createdAt: at, paymentIntentId: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PaymentIntentAttached':
        return { ...state, paymentIntentId: event.data.paymentIntentId };
      case 'PaymentSucceeded':
        return { ...state, status: 'succeeded', paymentIntentId: event.data.paymentIntentId, chargeId: event.data.chargeId, processedAt: event.data.at };
      case 'PaymentFailed':
        return { ...state, status: 'failed', paymentIntentId: event.data.paymentIntentId ?? state.paymentIntentId, reason: event.data.reason, failedAt: event.data.at };
      default:
        return assertNever(event);
    }
  },
  decide(command, state) {
    if (command.type === 'CreatePayment') {
      if (state.status !== 'none') throw new ConflictError('Payment already exists');
      if (!Number.isSafeInteger(command.credits) || command.credits < 1) throw new ValidationError('Credits must be a whole number of at least 1');
      if (!Number.isSafeInteger(command.amountCents) || command.amountCents < 1) throw new ValidationError('The amount must be a whole number of cents');
      const { paymentId, userId, credits, amountCents, at } = command;
      return [{ type: 'PaymentCreated', data: { paymentId, userId, credits, amountCents, at } }];
    }
    if (state.status === 'none') throw new NotFoundError(PAYMENT_NOT_FOUND);
    const { paymentId, userId } = state;
    switch (command.type) {
      case 'AttachPaymentIntent':
        if (state.paymentIntentId === command.paymentIntentId) return [];
        if (state.paymentIntentId !== null) throw new ConflictError(OTHER_INTENT);
        return [{ type: 'PaymentIntentAttached', data: { paymentId, paymentIntentId: command.paymentIntentId, at: command.at } }];
      case 'RecordPaymentSucceeded': {
        requireIntent(state.paymentIntentId, command.paymentIntentId);
        // Decided once: every later report of the same success decides nothing.
        if (state.status === 'succeeded') return [];
        if (command.amountCents !== state.amountCents) throw new ValidationError(AMOUNT_MISMATCH);
        const { paymentIntentId, chargeId, at } = command;
        return [{ type: 'PaymentSucceeded', data: { paymentId, userId, paymentIntentId, chargeId, credits: state.credits, amountCents: state.amountCents, at } }];
      }
      case 'RecordPaymentFailed':
        if (command.paymentIntentId !== null) requireIntent(state.paymentIntentId, command.paymentIntentId);
        // A success is final, and one failure is enough to show.
        if (state.status !== 'pending') return [];
        return [{ type: 'PaymentFailed', data: { paymentId, userId, paymentIntentId: command.paymentIntentId, reason: command.reason, at: command.at } }];
      default:
        return assertNever(command);
    }
  },
};

function requireIntent(attached: string | null, reported: string): void {
  if (attached !== null && attached !== reported) throw new ConflictError(OTHER_INTENT);
}

const TYPES: ReadonlySet<string> = new Set(['PaymentCreated', 'PaymentIntentAttached', 'PaymentSucceeded', 'PaymentFailed'] satisfies PaymentEvent['type'][]);

/** An event of a payment stream, narrowed for projections and process managers. */
export function isPaymentEvent(event: RecordedEvent): event is RecordedEvent & PaymentEvent {
  return paymentStream.owns(event.streamId) && TYPES.has(event.type);
}
