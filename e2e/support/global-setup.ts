import fs from 'node:fs';
import { DATA_DIR } from '../playwright.config';

/** Starts each run on an empty data directory (the web server creates and seeds it). */
export default function globalSetup(): void {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
