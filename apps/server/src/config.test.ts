import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATA_DIR', () => {
  it('is ./data where npm was started (INIT_CWD), not inside the workspace npm runs the script in', () => {
    // `npm start` at /repo runs `npm run start -w apps/server` with cwd /repo/apps/server and INIT_CWD=/repo
    expect(loadConfig({ INIT_CWD: '/repo' }).dataDir).toBe(path.resolve('/repo/data'));
    expect(loadConfig({ INIT_CWD: '/repo', DATA_DIR: 'var/lockers' }).dataDir).toBe(
      path.resolve('/repo/var/lockers'),
    );
  });

  it('keeps an absolute DATA_DIR, and uses the working directory without npm', () => {
    expect(loadConfig({ INIT_CWD: '/repo', DATA_DIR: '/srv/lockerops' }).dataDir).toBe('/srv/lockerops');
    expect(loadConfig({}).dataDir).toBe(path.resolve(process.cwd(), 'data'));
  });
});
