import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Picked up by the root `vitest run` as the project "web".
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    // A worker keeps its jsdom window and modules between test files (setting them up again took
    // two thirds of the run): the setup file resets what a test may leave behind after each one
    // (the DOM, localStorage, the language), and every test renders with its own query client.
    isolate: false,
    // i18next-icu imports intl-messageformat's default export, which Node's own ESM loader reads
    // from the CommonJS build as the whole module object: let Vite resolve it as the browser does.
    server: { deps: { inline: ['i18next-icu'] } },
  },
});
