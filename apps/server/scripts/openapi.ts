/**
 * `npm run openapi -w apps/server`: writes the OpenAPI document of every endpoint to
 * apps/server/openapi.json (committed, so a review shows how the API changed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, openPglite } from '../src/db/client';

export const OPENAPI_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.json');

/**
 * JSON indented by tabs (a tab counted as two columns), with every object or array that fits in 140
 * columns on one line: a review reads one parameter or property per line instead of one token per
 * line, and the indentation costs one byte per level.
 */
export function formatJson(value: unknown, depth = 0): string {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || flat.length + 2 * depth <= 140) return flat;
  const pad = '\t'.repeat(depth + 1);
  const lines = Array.isArray(value)
    ? value.map((v) => pad + formatJson(v, depth + 1))
    : Object.entries(value).map(([k, v]) => `${pad}${JSON.stringify(k)}:${formatJson(v, depth + 1)}`);
  if (lines.length === 0) return flat;
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${lines.join(',\n')}\n${'\t'.repeat(depth)}${close}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockerops-openapi-'));
  const database = await openPglite();
  await migrate(database);
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database });
  await app.ready();
  const doc = app.swagger();
  fs.writeFileSync(OPENAPI_FILE, `${formatJson(doc)}\n`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`wrote ${OPENAPI_FILE} (${Object.keys(doc.paths ?? {}).length} paths)\n`);
}

main().catch((err) => {
  process.stderr.write(`${err}\n`);
  process.exit(1);
});
