import { z } from 'zod';

/** An empty variable means "not set", as in most shells' `VAR= command`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: readonly string[], hint: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, hint);

const schema = z.object({
  PORT: z.preprocess(
    (value) => (value === undefined || value === '' ? '3000' : value),
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number from 0 to 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535'),
  ),
  DATA_DIR: z.preprocess((value) => (value === '' || value === undefined ? './data' : value), z.string()),
  PUBLIC_URL: optional(url(['http:', 'https:'], 'must be an http(s) URL such as https://example.com')),
  SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  ADMIN_USERNAME: optional(z.string().regex(/^[A-Za-z0-9_-]{3,50}$/, 'must be 3 to 50 letters, digits, _ or -')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters')),
  ADMIN_EMAIL: optional(z.email('must be an email address').max(255, 'must be at most 255 characters')),
  /** Where contact-form prospects are mailed; ADMIN_EMAIL when unset. */
  SUPPORT_EMAIL: optional(z.email('must be an email address').max(255, 'must be at most 255 characters')),
  EVENTSTORE_URL: optional(
    url(['kurrentdb:', 'kurrent:', 'kdb:', 'esdb:', 'kurrentdb+discover:', 'esdb+discover:'], 'must be a kurrentdb:// or esdb:// connection string'),
  ),
  MONGODB_URL: optional(url(['mongodb:', 'mongodb+srv:'], 'must be a mongodb:// or mongodb+srv:// connection string')),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_')),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_/, 'must start with pk_')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, 'must start with whsec_')),
  POSTMARK_SERVER_TOKEN: optional(z.string().min(1)),
  MAIL_FROM: optional(z.string().min(3, 'must be an email address or "Name <email>"')),
  S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')),
  S3_ENDPOINT: optional(url(['http:', 'https:'], 'must be an http(s) URL')),
  /** The S3 host browsers reach, when S3_ENDPOINT is a name only the servers resolve; presigned addresses carry it. */
  S3_PUBLIC_ENDPOINT: optional(url(['http:', 'https:'], 'must be an http(s) URL')),
  /** Put before every stream name, so a KurrentDB shared with other services keeps our streams apart. */
  EVENTSTORE_STREAM_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$/, 'must be 1 to 50 letters, digits, ., _ or -, starting with a letter or digit'),
  ),
  /** How many reverse proxies stand in front of the app: the client's address is read that many hops into X-Forwarded-For. */
  TRUST_PROXY: z.preprocess(
    (value) => (value === undefined || value === '' ? '0' : value),
    z
      .string()
      .regex(/^\d{1,2}$/, 'must be the number of proxies in front of the app, a whole number from 0 to 10')
      .transform(Number)
      .refine((hops) => hops <= 10, 'must be the number of proxies in front of the app, a whole number from 0 to 10'),
  ),
  /** How many app processes `npm start` runs behind the one port (node:cluster); 1 serves from the process itself. */
  WEB_CONCURRENCY: z.preprocess(
    (value) => (value === undefined || value === '' ? '1' : value),
    z
      .string()
      .regex(/^\d{1,2}$/, 'must be the number of app processes, a whole number from 1 to 64')
      .transform(Number)
      .refine((count) => count >= 1 && count <= 64, 'must be the number of app processes, a whole number from 1 to 64'),
  ),
  /** When set, GET /metrics answers only `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters (openssl rand -hex 24)')),
  RATE_LIMITS: z.preprocess(
    (value) => (value === undefined || value === '' ? 'on' : value),
    z.enum(['on', 'off'], { error: 'must be on or off' }),
  ),
});

/** Every variable the app reads; .env.example, the README and the compose file list them all (scripts/deploy.test.ts). */
export const ENV_NAMES = Object.keys(schema.shape);

export type Env = z.infer<typeof schema> & {
  /** PUBLIC_URL, or http://localhost:PORT when it is not set. */
  publicUrl: string;
};

/**
 * A shared log needs personal-data keys every node reaches (docs/decisions/0061): MongoDB's
 * `personal_keys`. KurrentDB cannot hold them, since an event can never be erased.
 */
export const SHARED_KEYS_REQUIRED =
  "MONGODB_URL: is required when EVENTSTORE_URL is set: every node must read and erase personal-data keys in one store, and DATA_DIR/keys.db is this node's alone";

/** Thrown with one line per bad variable. */
export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid environment:\n${lines.join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Validates the environment contract of ARCHITECTURE.md; every variable is optional. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value = source[name];
        const shown = value === undefined ? '' : ` (got ${JSON.stringify(isSecret(name) ? '…' : value)})`;
        return `${name}: ${issue.message}${shown}`;
      });
  // Postmark refuses mail without a confirmed sender, so a token alone would fail at the first mail.
  if (source.POSTMARK_SERVER_TOKEN && !source.MAIL_FROM) lines.push('MAIL_FROM: is required when POSTMARK_SERVER_TOKEN is set');
  lines.push(...stripeKeyProblems(source));
  // Every node must sign cookies and file addresses alike; a generated secret is per node.
  if ((source.EVENTSTORE_URL || source.MONGODB_URL) && !source.SESSION_SECRET) {
    lines.push('SESSION_SECRET: is required when EVENTSTORE_URL or MONGODB_URL is set');
  }
  // Erasing a person erases their key: a key store of one node's DATA_DIR would leave the others unable to read (or to forget) them.
  if (source.EVENTSTORE_URL && !source.MONGODB_URL) lines.push(SHARED_KEYS_REQUIRED);
  if (!parsed.success || lines.length > 0) throw new EnvError(lines);
  const env = parsed.data;
  const publicUrl = withoutTrailingSlashes(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  return { ...env, publicUrl };
}

/**
 * What a start on shared engines should tell the operator: settings that are
 * valid but keep state on this node only.
 */
export function deploymentWarnings(env: Env): string[] {
  const shared = Boolean(env.EVENTSTORE_URL || env.MONGODB_URL);
  if (shared && !env.S3_BUCKET) {
    return ['Uploads stay on this node\'s disk (DATA_DIR/uploads): other nodes cannot serve them; set S3_BUCKET to share them'];
  }
  return [];
}

/** A loop, not /\/+$/: that pattern retries from every slash of a long run, in quadratic time. */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

/**
 * The secret key picks Stripe over the simulated provider, and the client's card
 * form needs the matching publishable key: one without the other, or a test key
 * beside a live one, would take payments the other side cannot complete.
 */
function stripeKeyProblems(source: Record<string, string | undefined>): string[] {
  const secret = source.STRIPE_SECRET_KEY || undefined;
  const publishable = source.STRIPE_PUBLISHABLE_KEY || undefined;
  if (secret && !publishable) return ['STRIPE_PUBLISHABLE_KEY: is required when STRIPE_SECRET_KEY is set'];
  if (publishable && !secret) return ['STRIPE_SECRET_KEY: is required when STRIPE_PUBLISHABLE_KEY is set'];
  if (secret && publishable && secret.includes('_live_') !== publishable.includes('_live_')) {
    return ['STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY'];
  }
  return [];
}

function isSecret(name: string): boolean {
  return /SECRET|PASSWORD|TOKEN|KEY/.test(name);
}
