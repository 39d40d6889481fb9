import path from 'node:path';
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/**
 * Files in one context (src/domain/<context>, src/web/features/<feature>) may
 * import their own folder and shared code, never a sibling context: contexts
 * talk through events and routes, not through each other's modules.
 */
const contextsApart = {
  meta: { type: 'problem', schema: [], messages: { cross: '{{from}} may not import from {{to}}: contexts stay apart.' } },
  create(context) {
    const groups = [
      { root: path.join('src', 'domain'), shared: ['shared'] },
      { root: path.join('src', 'web', 'features'), shared: [] },
    ];
    const contextOf = (file) => {
      const rel = path.relative(process.cwd(), file);
      for (const group of groups) {
        if (!rel.startsWith(group.root + path.sep)) continue;
        const name = rel.slice(group.root.length + 1).split(path.sep)[0];
        if (!name || name.includes('.') || group.shared.includes(name)) return undefined;
        return { group, name };
      }
      return undefined;
    };
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const from = contextOf(context.filename);
      if (!from) return;
      const to = contextOf(path.resolve(path.dirname(context.filename), source));
      if (to && to.group === from.group && to.name !== from.name) {
        context.report({ node, messageId: 'cross', data: { from: from.name, to: to.name } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/**
 * The contract is what the server and the browser share, so it depends on
 * nothing else of ours; the browser bundle reaches the server's code only
 * through it. Tests run in Node and may import anything.
 */
const sharedThroughContract = {
  meta: { type: 'problem', schema: [], messages: { outside: '{{from}} may import only from {{allowed}}, not from {{to}}.' } },
  create(context) {
    const zones = [
      { root: path.join('src', 'web'), allowed: [path.join('src', 'web'), path.join('src', 'contract')] },
      { root: path.join('src', 'contract'), allowed: [path.join('src', 'contract')] },
    ];
    const rel = path.relative(process.cwd(), context.filename);
    const zone = zones.find((z) => rel.startsWith(z.root + path.sep));
    if (!zone || /\.test\.tsx?$/.test(rel)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.relative(process.cwd(), path.resolve(path.dirname(context.filename), source));
      if (zone.allowed.some((root) => to === root || to.startsWith(root + path.sep))) return;
      context.report({ node, messageId: 'outside', data: { from: zone.root, allowed: zone.allowed.join(' and '), to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const serverPackages = ['hono', 'hono/*', '@hono/*', 'socket.io', 'better-sqlite3', 'mongodb', '@kurrent/*', 'stripe', 'postmark', '@aws-sdk/*'];
const ioModules = ['node:fs', 'node:fs/*', 'node:http', 'node:https', 'node:net', 'node:child_process', 'fs', 'http'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.test-data/**', 'src/web/route-tree.gen.ts', 'src/testing/api-schema.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    plugins: { local: { rules: { 'contexts-apart': contextsApart, 'shared-through-contract': sharedThroughContract } } },
    rules: {
      'local/contexts-apart': 'error',
      'local/shared-through-contract': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // The domain is pure: no I/O, no frameworks, no adapters, no outer layers.
    files: ['src/domain/**/*.ts'],
    // Tests assemble real adapters around the code they test.
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...serverPackages, ...ioModules, 'react', 'react-dom', '@tanstack/*'], message: 'The domain does no I/O.' },
            { group: ['**/http/**', '**/projections/**', '**/web/**', '**/read-store/**'], message: 'The domain depends on nothing outside it but the event-store port.' },
            { group: ['**/event-store/*', '!**/event-store/port'], message: 'Use the event-store port, not an adapter.' },
          ],
        },
      ],
    },
  },
  {
    // Projections see ports only, never adapters or HTTP.
    files: ['src/projections/**/*.ts'],
    ignores: ['src/projections/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...serverPackages, ...ioModules], message: 'Projections talk to the stores through their ports.' },
            { group: ['**/http/**', '**/web/**'], message: 'Projections know nothing of HTTP or the client.' },
            { group: ['**/event-store/*', '**/read-store/*', '!**/event-store/port', '!**/read-store/port'], message: 'Use the ports, not adapters.' },
          ],
        },
      ],
    },
  },
  {
    // Routes read through the query functions beside each read model and the aggregate readers
    // in src/http/aggregates.ts; they never name a collection or fold a stream (docs/decisions/0047).
    // They append through src/http/commands.ts, which records who asked and the log position.
    files: ['src/http/routes/**/*.ts'],
    ignores: ['src/http/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/domain/shared/command-handler'], importNames: ['loadState'], message: 'Read state with a reader from src/http/aggregates.ts.' },
            {
              group: ['**/domain/shared/command-handler'],
              importNames: ['handleCommand'],
              message: 'A route runs a command with runCommand, or appendCommand for a step of a flow (src/http/commands.ts).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        { selector: "CallExpression[callee.property.name='collection']", message: 'Routes read through the query functions in src/projections/<context>/*-queries.ts, not a collection.' },
      ],
    },
  },
  {
    // The browser bundle: no server packages (its own code reaches the server's only through src/contract). Its tests run in Node and may.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...serverPackages, ...ioModules, 'node:*', 'jose', 'mingo'], message: 'Server-only package in the browser bundle.' },
          ],
        },
      ],
    },
  },
  {
    // A pattern that backtracks super-linearly lets one long input stall the server (docs/decisions/0021).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Route files must export `Route`; config files and typings of default-exporting packages use default exports.
    files: ['src/web/routes/**', '*.config.ts', '*.config.js', '**/*.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // No file over 300 lines (issue 24): a longer one is split by meaning, a test by its describes
    // into siblings sharing a small set-up module. Generated code and the icon set are the exceptions.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['**/*.gen.ts', 'src/web/components/ui/icons.tsx'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
);
