import fs from 'node:fs';
import { DATA_DIR } from '../playwright.config';

/**
 * The web server starts before this runs, on a DATA_DIR unique to the run; the returned teardown
 * removes that directory once every test has finished.
 */
export default function globalSetup(): () => void {
  return () => fs.rmSync(DATA_DIR, { recursive: true, force: true });
}
