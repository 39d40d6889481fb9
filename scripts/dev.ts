import { spawn } from 'node:child_process';

// The API with reload on change, and Vite's dev server (hot reload) proxying /api and /socket.io to it.
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`, API_PORT: apiPort };

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/http/cli.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', port, '--strictPort'], { stdio: 'inherit', env }),
];
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
for (const child of children) child.once('exit', (code) => process.exitCode ??= code ?? 0);
