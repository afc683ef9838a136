// Starts the built server on a fresh data directory (removed on exit) with the demo accounts.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'closia-e2e-'));
const port = process.env.E2E_PORT ?? '3210';
const server = spawn(
  process.execPath,
  [path.resolve(import.meta.dirname, '../../apps/server/dist/main.js')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The suite signs up more accounts from 127.0.0.1 within the hour than a visitor's IP may
      // (30): the limits are the API tests' subject (plugins/rate-limit.test.ts, auth.test.ts).
      RATE_LIMIT: '0',
    },
  },
);
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
