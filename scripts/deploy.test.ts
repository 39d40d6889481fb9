import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SERVER_V8_FLAGS } from '../bench/v8-flags';
import { ENV_NAMES, loadEnv } from '../src/http/env';
import { composeProblems, dockerfileProblems } from './deploy-checks';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (name: string) => readFileSync(join(repoRoot, name), 'utf8');

describe('the deployment files', () => {
  it('docker-compose.yml has no default secret, no database on every interface, restarts, healthchecks and a /data volume', () => {
    expect(composeProblems(read('docker-compose.yml'))).toEqual([]);
  });

  it('the Dockerfile runs compiled JavaScript as a non-root user that owns /data', () => {
    expect(dockerfileProblems(read('Dockerfile'))).toEqual([]);
  });

  it('the image, CI and engines name one Node line, and package.json allows the install scripts it needs by name', () => {
    const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; allowScripts: Record<string, boolean> };
    const line = /^\^(\d+)\./.exec(pkg.engines.node)?.[1];
    expect(line).toBe('22');
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([line]));
    expect(/^node_line=(\d+)$/m.exec(read('.ci/run'))?.[1]).toBe(line);
    // Each compiles or fetches what the app runs on: the SQLite driver, the bundler's binary, the gRPC client's protos.
    for (const name of ['better-sqlite3', 'esbuild', 'protobufjs']) expect(pkg.allowScripts[name], name).toBe(true);
  });
});

describe('the V8 flags', () => {
  it('npm start and the Dockerfile\'s CMD run the server under the flags the bench measures with (docs/decisions/0066)', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start ?? '';
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1] ?? '[]') as string[];
    for (const flag of SERVER_V8_FLAGS) {
      // Before the script: a flag after it would be the script's argument, not node's.
      expect(start.split(' ').slice(0, start.split(' ').indexOf('scripts/start.ts'))).toContain(flag);
      expect(cmd.slice(0, cmd.indexOf('dist/server/main.js'))).toContain(flag);
    }
  });
});

describe('the settings', () => {
  const example = Object.fromEntries(
    read('.env.example')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('.env.example names every variable and loads as it is', () => {
    expect(ENV_NAMES.filter((name) => !(name in example))).toEqual([]);
    expect(() => loadEnv(example)).not.toThrow();
  });

  it('the README describes every variable and the compose file hands each one to the app', () => {
    const readme = read('README.md');
    expect(ENV_NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    const app = (parse(read('docker-compose.yml')) as { services: { app: { environment: Record<string, string> } } }).services.app;
    expect(ENV_NAMES.filter((name) => !(name in app.environment))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  // The compose file and Dockerfile as they were before they were made safe to copy.
  const unsafeCompose = `
services:
  kurrentdb:
    image: docker.kurrent.io/kurrent-latest/kurrentdb:25.1
    ports:
      - "2113:2113"
    healthcheck:
      test: ["CMD-SHELL", "curl -fs http://localhost:2113/health/live || exit 1"]
  mongodb:
    image: mongo:8.0
    ports:
      - "27017:27017"
  app:
    build: .
    environment:
      DATA_DIR: "/data"
      SESSION_SECRET: "\${SESSION_SECRET:-change-me-to-a-long-random-secret-of-32-chars}"
      ADMIN_PASSWORD: "\${ADMIN_PASSWORD:-}"
    volumes:
      - app-data:/data
`;
  const unsafeDockerfile = `
FROM node:20-bookworm-slim AS build
RUN npm ci
FROM node:20-bookworm-slim
COPY --from=build /app /app
USER node
CMD ["node", "--import", "tsx", "src/http/cli.ts"]
`;

  it('name a default secret, a database port on every interface, a missing restart policy or healthcheck', () => {
    expect(composeProblems(unsafeCompose)).toEqual([
      'SESSION_SECRET has a default value',
      'kurrentdb: no restart policy',
      'kurrentdb: port "2113:2113" is published on every interface',
      'mongodb: no restart policy',
      'mongodb: port "27017:27017" is published on every interface',
      'mongodb: no healthcheck',
      'app: no restart policy',
      'app: SESSION_SECRET must be required with ${SESSION_SECRET:?...}',
    ]);
  });

  it('name a secret written into the file, a published IPv6 wildcard and a missing /data volume', () => {
    const problems = composeProblems(`
services:
  mongodb:
    image: mongo:8.0
    restart: unless-stopped
    environment:
      - MONGO_INITDB_ROOT_PASSWORD=example
    ports:
      - "[::]:27017:27017"
      - target: 27017
        published: 27018
    healthcheck:
      test: ["CMD", "mongosh", "--eval", "db.adminCommand('ping')"]
  app:
    build: .
    restart: unless-stopped
    environment:
      SESSION_SECRET: "\${SESSION_SECRET:?set it}"
`);
    expect(problems).toEqual([
      'mongodb: MONGO_INITDB_ROOT_PASSWORD is written in the file',
      'mongodb: port "[::]:27017:27017" is published on every interface',
      'mongodb: port {"target":27017,"published":27018} is published on every interface',
      'app: no volume at /data',
    ]);
  });

  it('name tsx at run time, no npm ci --omit=dev and a /data the app user cannot write', () => {
    expect(dockerfileProblems(unsafeDockerfile)).toEqual([
      'the image runs TypeScript through tsx',
      'production dependencies are not installed with npm ci --omit=dev',
      '/data is not created and given to the app user before USER',
    ]);
    expect(dockerfileProblems('FROM node:20\nRUN npm ci --omit=dev\nRUN mkdir -p /data && chown root /data\nUSER node\nCMD ["node", "dist/server/main.js"]\n')).toEqual([
      '/data is not owned by node',
    ]);
    expect(dockerfileProblems('FROM node:20\nRUN npm ci --omit=dev\nCMD ["node", "dist/server/main.js"]\n')).toContain('the image runs as root');
  });
});
