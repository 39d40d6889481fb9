import { parse } from 'yaml';

/*
 * What makes docker-compose.yml and the Dockerfile safe to copy, as checks a
 * test runs on the real files (scripts/deploy.test.ts). Each returns one line
 * per problem; none means the file passes.
 */

const SECRET_NAME = /SECRET|PASSWORD|TOKEN|ACCESS_KEY/;
// Services that hold data: never published beyond this machine.
const DATABASE_IMAGE = /mongo|kurrent|eventstore|postgres|mysql|mariadb|redis/i;
const LOOPBACK = ['127.0.0.1', 'localhost', '::1', '[::1]'];

type Service = {
  image?: string;
  build?: unknown;
  restart?: string;
  ports?: Array<string | number | { host_ip?: string; published?: string | number }>;
  volumes?: Array<string | { target?: string }>;
  environment?: Record<string, string | null> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  network_mode?: string;
};

export function composeProblems(text: string): string[] {
  const problems: string[] = [];
  const services = ((parse(text) as { services?: Record<string, Service> } | null)?.services ?? {}) as Record<string, Service>;

  // ${NAME:-default} or ${NAME-default} gives a value when the operator set none.
  for (const match of text.matchAll(/(?<!\$)\$\{([A-Za-z0-9_]+)(?::?-)([^}]*)\}/g)) {
    const [, name = '', fallback = ''] = match;
    if (SECRET_NAME.test(name) && fallback !== '') problems.push(`${name} has a default value`);
  }

  for (const [name, service] of Object.entries(services)) {
    const environment = environmentOf(service);
    for (const [key, value] of Object.entries(environment)) {
      if (SECRET_NAME.test(key) && value !== '' && !value.includes('${')) problems.push(`${name}: ${key} is written in the file`);
    }
    if (service.restart !== 'unless-stopped' && service.restart !== 'always') problems.push(`${name}: no restart policy`);
    if (DATABASE_IMAGE.test(service.image ?? '')) {
      if (service.network_mode === 'host') problems.push(`${name}: runs on the host network`);
      for (const port of service.ports ?? []) {
        if (!isLoopbackPort(port)) problems.push(`${name}: port ${JSON.stringify(port)} is published on every interface`);
      }
      if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${name}: no healthcheck`);
    }
    if (service.build !== undefined) {
      const secret = environment.SESSION_SECRET ?? '';
      if (!/^\$\{SESSION_SECRET:\?/.test(secret)) problems.push(`${name}: SESSION_SECRET must be required with \${SESSION_SECRET:?...}`);
      const dataDir = environment.DATA_DIR ?? '/data';
      if (!(service.volumes ?? []).some((volume) => volumeTarget(volume) === dataDir)) problems.push(`${name}: no volume at ${dataDir}`);
    }
  }
  return problems;
}

export function dockerfileProblems(text: string): string[] {
  const problems: string[] = [];
  // Continuation lines joined, comments dropped; only the last stage is the image that runs.
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const lastFrom = lines.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true);
  const finalStage = lines.slice(lastFrom);
  const instruction = (name: string) => finalStage.filter((line) => line.toUpperCase().startsWith(`${name} `));

  const user = instruction('USER').at(-1)?.slice(5).trim();
  if (!user || user === 'root' || user === '0') problems.push('the image runs as root');
  const cmd = instruction('CMD').at(-1) ?? '';
  if (/tsx/.test(cmd)) problems.push('the image runs TypeScript through tsx');
  if (!text.includes('npm ci --omit=dev')) problems.push('production dependencies are not installed with npm ci --omit=dev');

  const userAt = finalStage.findIndex((line) => /^USER\s/i.test(line));
  const preparesData = finalStage.some(
    (line, index) => /^RUN\s/i.test(line) && /mkdir\b.*\/data\b/.test(line) && /chown\b.*\/data\b/.test(line) && (userAt === -1 || index < userAt),
  );
  if (!preparesData) problems.push('/data is not created and given to the app user before USER');
  else if (user && !finalStage.some((line) => new RegExp(`chown\\s+(-R\\s+)?${user}(:\\S+)?\\s+.*\\/data\\b`).test(line))) {
    problems.push(`/data is not owned by ${user}`);
  }
  return problems;
}

function environmentOf(service: Service): Record<string, string> {
  const environment = service.environment ?? {};
  if (Array.isArray(environment)) {
    return Object.fromEntries(environment.map((entry) => [entry.split('=')[0] ?? '', entry.includes('=') ? entry.slice(entry.indexOf('=') + 1) : '']));
  }
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, value ?? '']));
}

function isLoopbackPort(port: string | number | { host_ip?: string }): boolean {
  if (typeof port === 'object') return LOOPBACK.includes(port.host_ip ?? '');
  const text = String(port);
  // host_ip:published:target; an IPv6 host is in brackets.
  const host = text.startsWith('[') ? text.slice(0, text.indexOf(']') + 1) : text.split(':').length === 3 ? text.split(':')[0] : '';
  return LOOPBACK.includes(host ?? '');
}

function volumeTarget(volume: string | { target?: string }): string | undefined {
  if (typeof volume === 'object') return volume.target;
  return volume.split(':')[1];
}
