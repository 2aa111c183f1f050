// Browser tests: the release build, served on loopback, driven in Debian's headless Chromium.
import { defineConfig } from '@playwright/test';

// Other ports through E2E_PORT and E2E_SERVER_PORT, and another build folder through E2E_DIST, for a
// machine where several checkouts (or several people in one) test at once.
const PORT = Number(process.env.E2E_PORT || 4173);
const SERVER_PORT = String(process.env.E2E_SERVER_PORT || 4174);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 800 },
    // The specs test the page as a first visit sees it, and some abort a part's request, which a
    // service worker would answer from its cache instead. deploy.spec.mjs and offline.spec.mjs
    // test the service worker, and allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      command: `python3 -m http.server ${PORT} --bind 127.0.0.1 --directory ${process.env.E2E_DIST || 'dist'}`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 20_000,
      stderr: 'ignore',
    },
    {
      // The OpenAI-compatible test server that real-endpoint tests script per test.
      command: 'node tests/server/server.mjs',
      env: { PORT: SERVER_PORT },
      url: `http://127.0.0.1:${SERVER_PORT}/__health`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
