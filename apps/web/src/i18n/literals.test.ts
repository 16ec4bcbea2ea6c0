import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@lockerops/contract';
import { messageCodeOf } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import { consoleFiles, literalsOf, rawMessagesOf, translatedConstantsOf } from './literals';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Files whose text is not in the catalogs yet. The list only shrinks: a file that passes must
 * leave it (the second test fails until it does), and no file may join it.
 */
const NOT_YET_MIGRATED: readonly string[] = [];

describe('no user-visible English outside the catalogs', () => {
  const files = consoleFiles(ROOT);
  const found = new Map(files.map((f) => [f, literalsOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8'))]));

  it('finds JSX text and visible string props in a sample', () => {
    const sample = literalsOf(
      'x.tsx',
      `const a = <Button title="Save now" aria-label={'Close it'}>Cancel</Button>;
       const b = <Typography>{t('ok')} {"Plain text"}</Typography>;
       const cols = [{ field: 'name', headerName: 'Name' }];
       const ok = <Chip label={t('x')} />;
       const unit = <span>kg</span>;
       function Field({ placeholder = 'Search', submitText = 'Save', size = 'small' }) { return null; }`,
    );
    expect(sample.map((l) => l.text)).toEqual([
      'Save now',
      'Close it',
      'Cancel',
      'Plain text',
      'Name',
      'Search',
      'Save',
    ]);
  });

  it('every migrated file takes its words from the catalogs', () => {
    const left = files
      .filter((f) => !NOT_YET_MIGRATED.includes(f))
      .flatMap((f) => found.get(f) ?? [])
      .map((l) => `${l.file}:${l.line} ${JSON.stringify(l.text)}`);
    expect(left).toEqual([]);
  });

  it('the list of files not yet migrated only holds files that still have English', () => {
    const clean = NOT_YET_MIGRATED.filter((f) => !found.get(f)?.length);
    expect(clean).toEqual([]);
  });
});

describe('no message shown untranslated', () => {
  it('finds snackbars, JSX and visible props that show English as it came', () => {
    const sample = rawMessagesOf(
      'x.tsx',
      `enqueueSnackbar('Saved!', { variant: 'success' });
       enqueueSnackbar(MSG.itemsDeleted(2));
       enqueueSnackbar(r.detail);
       enqueueSnackbar(summary.headlines[0] ?? '');
       enqueueSnackbar(ok ? CSV_MESSAGES.exporting : t('x'));
       enqueueSnackbar(translateMessage(MSG.saved));
       enqueueSnackbar(formatApiError(e));
       enqueueSnackbar(text);
       const a = <Typography>{MSG.pageError}</Typography>;
       const b = <Chip label={PAYMENT_MESSAGES.enabled} />;
       const c = <Typography>{translateMessage(u.detail)}</Typography>;
       const d = <Chip label={labels[value]} />;`,
    );
    expect(sample.map((l) => l.text)).toEqual([
      'Saved!',
      'MSG.itemsDeleted(2)',
      'r.detail',
      'summary.headlines[0]',
      'CSV_MESSAGES.exporting',
      'MSG.pageError',
      'PAYMENT_MESSAGES.enabled',
    ]);
  });

  it("every snackbar, and every contract message or server detail in JSX, is in the console's language", () => {
    const left = consoleFiles(ROOT, { ts: true })
      .flatMap((f) => rawMessagesOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8')))
      .map((l) => `${l.file}:${l.line} ${l.text}`);
    expect(left).toEqual([]);
  });
});

describe('contract texts shown through translateMessage', () => {
  it('each has a message code (else it would show in English whatever the language)', () => {
    const uses = consoleFiles(ROOT, { ts: true }).flatMap((f) =>
      translatedConstantsOf(f, fs.readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(uses.length).toBeGreaterThan(50);
    const without = uses.filter(({ object, key }) => {
      const table = (contract as Record<string, unknown>)[object] as Record<string, unknown> | undefined;
      const value = table?.[key];
      if (value === undefined) return false; // not a contract constant
      const text =
        typeof value === 'function' ? String((value as (...a: unknown[]) => unknown)(2, 'x')) : value;
      return typeof text !== 'string' || !messageCodeOf(text);
    });
    expect(without.map((u) => `${u.file}:${u.line} ${u.object}.${u.key}`)).toEqual([]);
  });
});
