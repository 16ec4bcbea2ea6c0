import { defineConfig } from 'vitest/config';

/** One runner for every unit and API tier; each workspace is a project with its own config. */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
