/**
 * Writes the English `errors` catalog of the console (apps/web/src/locales/en/errors.json) from the
 * contract's message constants: one key per code (`<area>.<key>`), templates with ICU arguments
 * (`{0}`). Run after adding a message: `npx tsx scripts/i18n/errors-catalog.ts`; then translate
 * the new keys in the other languages (the catalog test lists what is missing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ERROR_CODES, englishMessageOf } from '../../packages/contract/src/index';

const GENERIC: Record<string, string> = {
  'http.badRequest': 'Invalid request.',
  'http.unauthorized': 'Not authenticated',
  'http.paymentRequired': 'The payment could not be made.',
  'http.forbidden': 'You do not have permission to perform this action.',
  'http.notFound': 'Not found',
  'http.conflict': 'This conflicts with the current state.',
  'http.tooLarge': 'Too large.',
  'http.unprocessable': 'The request could not be processed.',
  'http.tooManyRequests': 'Too many requests. Please try again later.',
  'http.serverError': 'Server error',
  'http.badGateway': 'An outside system did not answer as expected.',
  'http.unavailable': 'The service is unavailable. Please try again later.',
};

const catalog: Record<string, Record<string, string>> = {};
for (const code of ERROR_CODES) {
  const [area = '', key = ''] = code.split('.');
  const text = englishMessageOf(code) ?? GENERIC[code];
  if (text === undefined) throw new Error(`no English text for ${code}`);
  catalog[area] = { ...catalog[area], [key]: text };
}
const file = path.join(import.meta.dirname, '../../apps/web/src/locales/en/errors.json');
fs.writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
console.log(`${ERROR_CODES.length} codes → ${path.relative(process.cwd(), file)}`);
