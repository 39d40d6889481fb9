// Every call goes through here so cookies, JSON and the error shape of spec
// section 7 ("<status>: <body text>") are handled in one place. Feature code
// matches on that message (e.g. "contains 401"), so it must stay exactly so.

import type { z } from 'zod';
import { CREATE_RETRY_DELAYS_MS, isRetryableCreate } from '../../contract/retryable-creates';

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** The answer's Retry-After, when it had one (a 503, a 429). */
  readonly retryAfter: string | undefined;

  constructor(status: number, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.retryAfter = retryAfter ?? undefined;
  }

  /** The server's `message` field when the body is the JSON error shape, else the raw body. */
  get serverMessage(): string {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (isRecord(parsed) && typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON (a proxy's HTML page, say): the raw text is the best we have.
    }
    return this.bodyText;
  }
}

/** A 2xx answer whose body is not what the contract's schema says: a server and client out of step, not a refusal. */
export class UnexpectedAnswerError extends Error {
  readonly status: number;
  readonly path: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(status: number, path: string, issues: readonly z.core.$ZodIssue[]) {
    super('Unexpected answer from the server');
    this.name = 'UnexpectedAnswerError';
    this.status = status;
    this.path = path;
    this.issues = issues;
  }
}

/**
 * Loads the contract's schema of an answer, as `() => import('…/listing-answers').then((m) => m.propertyAnswer)`.
 * A dynamic import: the modules that name a query (route loaders, in the entry) stay free of zod, which loads
 * with the first checked answer, while the request is under way (docs/decisions/0048).
 */
export type AnswerSchema<T> = () => Promise<z.ZodType<T>>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// The highest log position this page has seen: command answers name theirs
// (X-Log-Position) and socket pushes carry theirs. Every request asks for it
// (X-Min-Position), so whichever app node answers has caught up with what
// this person did or was shown, even when the last answer came from another.
let highestPosition: number | undefined;

/** Remembers a log position seen in an answer or a push; only the highest counts. */
export function notePosition(position: number): void {
  if (Number.isSafeInteger(position) && position >= 0 && (highestPosition === undefined || position > highestPosition)) highestPosition = position;
}

/** What the next request sends as X-Min-Position. */
export function knownPosition(): number | undefined {
  return highestPosition;
}

function withKnownPosition(headers: Headers): void {
  if (highestPosition !== undefined && !headers.has('X-Min-Position')) headers.set('X-Min-Position', String(highestPosition));
}

/** Reads X-Log-Position from an answer (a command's), however it ended. */
export function noteAnswerPosition(header: string | null): void {
  if (header !== null && /^\d{1,16}$/.test(header)) notePosition(Number(header));
}

/** With `answer`, a 2xx body is parsed with the contract's schema; one that does not fit is an UnexpectedAnswerError. */
export async function apiFetch<T>(path: string, init: RequestInit = {}, answer?: AnswerSchema<T>): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const isJsonBody = typeof init.body === 'string';
  if (isJsonBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  withKnownPosition(headers);

  const schema = answer?.();
  // Awaited below only for a 2xx; a refusal must not leave a failed import unhandled.
  schema?.catch(() => undefined);
  const response = await fetchRetryingCreates(path, { ...init, headers, credentials: 'include' });
  noteAnswerPosition(response.headers.get('X-Log-Position'));
  if (!response.ok) {
    const bodyText = (await response.text()) || response.statusText;
    throw new ApiError(response.status, bodyText, response.headers.get('Retry-After'));
  }
  const body = await readBody(response);
  if (!schema) return body as T;
  const parsed = (await schema).safeParse(body);
  if (parsed.success) return parsed.data;
  // Shown as a failed load, not cached as if it were right; the issues are for whoever reads the console.
  console.error(`Unexpected answer from the server for ${path}`, parsed.error.issues);
  throw new UnexpectedAnswerError(response.status, path, parsed.error.issues);
}

/**
 * A create the server honours an Idempotency-Key for (contract/retryable-creates.ts)
 * gets a new key, kept for its retries, and is sent again after a network error
 * or a 503, with growing waits: the server answers a retry with what the first
 * try created, never a second copy (docs/decisions/0061). Anything else is sent once.
 */
async function fetchRetryingCreates(path: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  if (!isRetryableCreate(init.method ?? 'GET', path)) return fetch(path, init);
  if (!init.headers.has('Idempotency-Key')) init.headers.set('Idempotency-Key', crypto.randomUUID());
  for (let attempt = 0; ; attempt++) {
    const delay = CREATE_RETRY_DELAYS_MS[attempt];
    let response: Response;
    try {
      response = await fetch(path, init);
    } catch (error) {
      // A network error, unless the caller gave up.
      if (delay === undefined || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      await sleep(delay);
      continue;
    }
    if (response.status !== 503 || delay === undefined) return response;
    noteAnswerPosition(response.headers.get('X-Log-Position'));
    await sleep(retryDelay(response.headers.get('Retry-After'), delay));
  }
}

/** Retry-After in seconds when it asks for longer than `fallback`, never past the longest wait. */
export function retryDelay(retryAfter: string | null, fallback: number): number {
  const asked = retryAfter !== null && /^\d{1,4}$/.test(retryAfter) ? Number(retryAfter) * 1000 : 0;
  return Math.min(Math.max(asked, fallback), CREATE_RETRY_DELAYS_MS.at(-1) ?? fallback);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function apiRequest<T = unknown>(method: HttpMethod, path: string, body?: unknown, answer?: AnswerSchema<T>): Promise<T> {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) init.body = JSON.stringify(body);
  return apiFetch<T>(path, init, answer);
}

/**
 * The sessions whose cookie the page's request carried, as the server wrote
 * them into the HTML (src/http/platform/site.ts), read once. Without that cookie the
 * first "who is signed in" read is null without a request: a guest's page
 * then logs no 401. Every later read asks the server.
 */
const sessionsAtLoad = new Set(
  (typeof document === 'undefined' ? null : document.querySelector('meta[name="bidhome-session"]')?.getAttribute('content'))?.split(' ') ?? ['user', 'admin'],
);
const askedOnce = new Set<string>();

/** For reads where "not signed in" is an answer, not a failure (GET /api/user, GET /api/admin/me). */
export async function apiFetchOrNullOn401<T>(path: string, session: 'user' | 'admin'): Promise<T | null> {
  const first = !askedOnce.has(session);
  askedOnce.add(session);
  if (first && !sessionsAtLoad.has(session)) return null;
  try {
    return await apiFetch<T>(path);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function readErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error) return error.message;
  return String(error);
}

async function readBody(response: Response): Promise<unknown> {
  // 204s and "nothing read" answers have no body; JSON.parse('') would throw.
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? JSON.parse(text) : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
