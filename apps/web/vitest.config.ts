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
  },
});
