import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every unit and API tier; each workspace is a project with its own config. Test
 * files run on every core (Vitest's default leaves one idle): the API files are CPU-bound in
 * their own process (PGlite, or the server's statements), so on two cores this halves the run.
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    maxWorkers: os.availableParallelism(),
  },
});
