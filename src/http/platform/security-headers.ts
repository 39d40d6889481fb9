import type { Context } from 'hono';
import { START_AFTER_PAINT_CSP } from './prerendered';

/*
 * The security headers of every answer: what Hono's `secureHeaders` sends by
 * default (Cross-Origin-Embedder-Policy off), with our Content-Security-Policy.
 * Worked out once when the app is built, and set by the app's one edge
 * middleware (src/http/app.ts) after the handler, over anything it set, as
 * `secureHeaders` did: a test compares the two (security-headers.test.ts).
 * An API answer in JSON carries only those that mean something for JSON
 * (API_JSON_SECURITY_HEADERS); pages, files and every other answer the whole set.
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

/**
 * An API answer in JSON is data for our own scripts, never a page: no script,
 * style, frame or navigation of its own, so the page's policy, COOP,
 * Origin-Agent-Cluster, X-Frame-Options, X-XSS-Protection, the DNS-prefetch,
 * download and cross-domain-policy headers say nothing there. What does: it is
 * never sniffed as something else (nosniff), never read by another origin's
 * page (CORP), never framed nor run as a document if opened or injected (a
 * CSP allowing nothing), and HSTS on every answer of the host. Two thirds
 * fewer headers to set, send and parse on every API request (docs/decisions/0052).
 */
export const API_JSON_SECURITY_HEADERS: SecurityHeaders = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
];

/** Whether an answer to `path` is an API answer in JSON, which gets API_JSON_SECURITY_HEADERS. */
export function isApiJson(path: string, contentType: string | null): boolean {
  return contentType !== null && contentType.startsWith('application/json') && (path === '/api' || path.startsWith('/api/'));
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
