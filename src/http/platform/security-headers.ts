import type { Context } from 'hono';
import { START_AFTER_PAINT_CSP } from './prerendered';

/*
 * The security headers of every answer: what Hono's `secureHeaders` sends by
 * default (Cross-Origin-Embedder-Policy off), with our Content-Security-Policy.
 * Worked out once when the app is built, and set by the app's one edge
 * middleware (src/http/app.ts) after the handler, over anything it set, as
 * `secureHeaders` did: a test compares the two (security-headers.test.ts).
 */

export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** The CSP's directives, in the order they are sent: Stripe.js and its card frames only when the client uses Stripe Elements. */
export function contentSecurityPolicy(options: { stripe: boolean }): Record<string, string[]> {
  const stripe = options.stripe
    ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] }
    : { script: [], frame: [], connect: [] };
  return {
    defaultSrc: ["'self'"],
    // The one inline script: a page whose first screen is in the HTML starts its scripts after it has painted.
    scriptSrc: ["'self'", ...stripe.script, START_AFTER_PAINT_CSP],
    ...(stripe.frame.length > 0 ? { frameSrc: stripe.frame } : {}),
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Our own origin only (images come from GET /api/files, docs/decisions/0024); data: and blob: are
    // previews of pictures being uploaded, made in the page.
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...stripe.connect],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

/** Hono's defaults, in its order (Cross-Origin-Embedder-Policy left out: cross-origin pictures and Stripe's frames load without CORP). */
const FIXED: SecurityHeaders = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

export function securityHeaders(options: { stripe: boolean }): SecurityHeaders {
  const csp = Object.entries(contentSecurityPolicy(options))
    .map(([directive, values]) => [kebab(directive), ...values].join(' '))
    .join('; ');
  return [...FIXED, ['Content-Security-Policy', csp]];
}

/** After the handler: over whatever it set, and never an X-Powered-By. */
export function setSecurityHeaders(c: Context, headers: SecurityHeaders): void {
  const answer = c.res.headers;
  for (const [name, value] of headers) answer.set(name, value);
  answer.delete('X-Powered-By');
}

function kebab(directive: string): string {
  return directive.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
