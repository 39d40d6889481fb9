import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripePaymentProvider } from '../payments/stripe';

/*
 * A local HTTP server standing in for Stripe's API, for the Stripe adapter's
 * tests: it records every request (form fields flattened as Stripe's SDK
 * encodes them, e.g. `metadata[paymentId]`) and answers what the test's
 * handler returns.
 */

export interface StripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StripeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type StripeHandler = (request: StripeRequest) => StripeAnswer | Promise<StripeAnswer>;

export const TEST_SECRET_KEY = 'sk_test_fake';
export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

export async function startFakeStripe(handler: StripeHandler) {
  const requests: StripeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const request: StripeRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
      requests.push(request);
      void Promise.resolve(handler(request)).then(
        (answer) => {
          res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
          res.end(JSON.stringify(answer.body));
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    /** The Stripe adapter pointed at this server. */
    provider: (options: { maxNetworkRetries?: number } = {}) =>
      createStripePaymentProvider({ secretKey: TEST_SECRET_KEY, host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: options.maxNetworkRetries ?? 2, timeoutMs: 5000 }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A payment intent as Stripe's API answers it (the fields the adapter reads). */
export function paymentIntentJson(fields: {
  id: string;
  status: string;
  amount: number;
  metadata?: Record<string, string>;
  latest_charge?: string | null;
  last_payment_error?: { code: string; message: string; type: string } | null;
}) {
  return {
    object: 'payment_intent',
    client_secret: `${fields.id}_secret_abc`,
    currency: 'usd',
    latest_charge: null,
    last_payment_error: null,
    metadata: {},
    ...fields,
  };
}

/** A card error answer (HTTP 402), with the intent it left behind when there is one. */
export function cardError(code: string, message: string, paymentIntent?: unknown): StripeAnswer {
  return { status: 402, body: { error: { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : undefined, message, payment_intent: paymentIntent } } };
}

/** A webhook delivery signed as Stripe signs it, for `POST /api/stripe/webhook`. */
export function signedWebhook(type: string, object: unknown, secret = TEST_WEBHOOK_SECRET, id = `evt_${crypto.randomUUID().replace(/-/g, '')}`) {
  const payload = JSON.stringify({ id, object: 'event', api_version: '2026-10-28.endive', created: 1_790_000_000, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
