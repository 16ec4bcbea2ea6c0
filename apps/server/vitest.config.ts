import { defineConfig } from 'vitest/config';

/**
 * API tests run on a real database: PGlite copies of one migrated template by default, or one
 * PostgreSQL database per test file when DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the server's modules between test files instead of importing them again for
    // each (half the run's time went to those imports): every file builds its own app on its own
    // database, and the server keeps no state in its modules that one app could leave to the next.
    isolate: false,
  },
});
