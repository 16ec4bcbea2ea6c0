import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite, openPostgres } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the data directory of the migrated template database, copied by each test file. */
    pgliteDump?: string;
    /** PostgreSQL: the URL of the server and the name of the migrated template database. */
    pgUrl?: string;
    pgTemplate?: string;
  }
}

/**
 * Migrates one template database per run; each test file then gets its own copy
 * (PGlite: a copy of the template's data directory; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `lockerops_tmpl_${process.pid}`;
    const admin = await openPostgres(url, 1);
    await admin.pool!.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.pool!.query(`CREATE DATABASE ${template}`);
    const tmplUrl = new URL(url);
    tmplUrl.pathname = `/${template}`;
    const tmpl = await openPostgres(tmplUrl.toString(), 1);
    await migrate(tmpl);
    await tmpl.close();
    project.provide('pgUrl', url);
    project.provide('pgTemplate', template);
    return async () => {
      await admin.pool!.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.close();
    };
  }
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-tmpl-')), 'db');
  const db = await openPglite(dir);
  await migrate(db);
  await db.close();
  project.provide('pgliteDump', dir);
  return () => fs.rmSync(path.dirname(dir), { recursive: true, force: true });
}
