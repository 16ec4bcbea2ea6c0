import fs from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from '../playwright.config';

interface Sms {
  to: string;
  body: string;
}

/** Every text message the server's local outbox driver stored under DATA_DIR/sms-outbox, oldest first. */
function smsOutbox(): Sms[] {
  const dir = path.join(DATA_DIR, 'sms-outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Sms);
}

/** How many text messages went to `to` (E.164) so far. */
export function smsCount(to: string): number {
  return smsOutbox().filter((m) => m.to === to).length;
}

/** The 6-digit code of the next text message to `to` (E.164) beyond the first `seen`. */
export async function nextSmsCode(to: string, seen: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mine = smsOutbox().filter((m) => m.to === to);
    const code = mine.length > seen ? /\b(\d{6})\b/.exec(mine[mine.length - 1]!.body)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code by text message to ${to}`);
}
