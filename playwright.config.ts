import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
// Several runs side by side each need their own port and data directory.
const dataDir = process.env.E2E_DATA_DIR ?? 'e2e/.artifacts/data';
export const E2E = {
  dataDir,
  baseURL: `http://127.0.0.1:${port}`,
  adminEmail: 'admin@e2e.pinoyproperty.ph',
  adminPassword: 'E2eAdmin123',
  demoPassword: 'Demo12345',
};

/**
 * The environment of the product under test (browser tests, bench/web-budgets.ts): its own port and
 * data directory, a new embedded database, the test accounts.
 */
export const serverEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: E2E.adminEmail,
  ADMIN_PASSWORD: E2E.adminPassword,
  DEMO_PASSWORD: E2E.demoPassword,
  LOG_LEVEL: 'warn',
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E.baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // The real product, as `npm start` runs it, on a new embedded database.
  webServer: {
    command: `rm -rf ${dataDir} && npm start`,
    url: `${E2E.baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Every answer the screens read is checked against its declaration (decision 36).
    env: { ...serverEnv(port, dataDir), CHECK_ANSWERS: 'true' },
  },
});
