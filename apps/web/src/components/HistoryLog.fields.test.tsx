import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWallHistoryFields } from '../features/locker-walls/historyFields';
import { useMemberHistoryFields } from '../features/members/historyFields';
import { MEMBERSHIP_HISTORY_ENUMS, MEMBERSHIP_HISTORY_LABELS } from '../features/memberships/historyFields';
import { i18next } from '../i18n';
import { HistoryEntries, type HistoryFields, type THistoryLine, useHistoryFields } from './HistoryLog';

const entry = (action: string, changes: THistoryLine['changes']): THistoryLine => ({
  id: '00000000-0000-4000-8000-0000000000f2',
  action,
  actor_type: 'member',
  actor_name: 'Ada Lovelace',
  changes,
  created_at: '2026-01-01T10:00:00.000Z',
});

function Log({ fields, items }: { fields: () => HistoryFields; items: THistoryLine[] }) {
  return <HistoryEntries query={{ isPending: false, error: null, data: { items } }} fields={fields()} />;
}

const useMembershipFields = () =>
  useHistoryFields('memberships', MEMBERSHIP_HISTORY_LABELS, MEMBERSHIP_HISTORY_ENUMS);

/** Renders `items` in each language and expects every text of that language, and none of `raw`. */
async function expectIn(
  fields: () => HistoryFields,
  items: THistoryLine[],
  texts: Record<'en' | 'es' | 'de', string[]>,
  raw: string[],
) {
  for (const [language, seen] of Object.entries(texts)) {
    await i18next.changeLanguage(language);
    const { container } = render(<Log fields={fields} items={items} />);
    for (const text of seen) expect(container.textContent).toContain(text);
    for (const text of raw) expect(container.textContent).not.toContain(text);
    cleanup();
  }
}

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('history logs in the reader’s language', () => {
  it("a team member's: fields, role, status, a secret and a mailed password", async () => {
    const items = [
      entry('update', {
        role: { before: 'viewer', after: 'admin' },
        status: { before: 'FORCE_CHANGE_PASSWORD', after: 'CONFIRMED' },
        pin_code: { before: null, after: 'changed' },
        last_sign_in_at: { before: null, after: '2026-01-01T09:00:00.000Z' },
      }),
      entry('resend-password', { password: { before: null, after: 'temporary password sent' } }),
    ];
    await expectIn(
      useMemberHistoryFields,
      items,
      {
        en: ['Role', 'Viewer', 'Admin', 'Last sign-in', 'Temporary password sent', 'Password resent'],
        es: ['Rol', 'Último inicio de sesión', 'cambiado', 'Contraseña temporal enviada'],
        de: [
          'Rolle',
          'Letzte Anmeldung',
          'geändert',
          'Temporäres Passwort gesendet',
          'Passwort erneut gesendet',
        ],
      },
      ['last_sign_in_at', 'FORCE_CHANGE_PASSWORD', 'pin_code', 'resend-password'],
    );
  });

  it("a subscription's: fields and their enum values", async () => {
    const items = [
      entry('update', {
        membership_type: { before: 'limited', after: 'percentage' },
        billing_period: { before: 'week', after: 'month' },
        number_of_payments: { before: 3, after: 12 },
        card_on_file: { before: false, after: true },
      }),
    ];
    await expectIn(
      useMembershipFields,
      items,
      {
        en: ['Subscription type', 'Billing period', 'Number of payments', 'Card on file'],
        es: ['Número de pagos', 'Sí'],
        de: ['Anzahl der Zahlungen', 'Ja'],
      },
      ['membership_type', 'billing_period', 'number_of_payments', 'percentage', 'card_on_file'],
    );
  });

  it("a locker wall's: its size, a door's device and the kiosk's place", async () => {
    const items = [
      entry('update', { qty_wide: { before: 2, after: 3 } }),
      entry('assign', {
        'door 2,3': { before: null, after: { id: 'x', name: 'Quillon', locker_number: 7 } },
      }),
      entry('kiosk_move', { kiosk: { before: '1,1', after: '2,1' } }),
      entry('unassign', {
        'door 1,2': { before: { id: 'y', name: 'Brimlo', locker_number: 4 }, after: null },
      }),
    ];
    await expectIn(
      useWallHistoryFields,
      items,
      {
        en: ['# Doors wide', 'Column 2, row 3', 'Quillon (#7)', 'Kiosk position', 'Unassigned'],
        es: ['Columna 2, fila 3', 'Quillon (n.º 7)', 'Posición del quiosco', 'Desasignado'],
        de: [
          'Spalte 2, Reihe 3',
          'Quillon (Nr. 7)',
          'Kiosk-Position',
          'Spalte 2, Reihe 1',
          'Zuweisung aufgehoben',
        ],
      },
      ['door 2,3', 'qty_wide', '"locker_number"', 'unassign'],
    );
  });

  it('a related record by its name from the answer, a gone one as its id in code', () => {
    const [pier, dock, gone] = [
      '00000000-0000-4000-8000-00000000000a',
      '00000000-0000-4000-8000-00000000000b',
      '00000000-0000-4000-8000-00000000000c',
    ];
    const items = [
      entry('update', { id_location: { before: pier, after: dock } }),
      entry('update', {
        id_location: { before: gone, after: pier },
        locations: { before: [], after: [pier, dock] },
      }),
    ];
    const names = { [pier]: 'North Pier', [dock]: 'South Dock' };
    const { container } = render(
      <HistoryEntries query={{ isPending: false, error: null, data: { items, names } }} />,
    );
    expect(container.textContent).toContain('North Pier → South Dock');
    expect(container.textContent).toContain('North Pier, South Dock');
    expect(container.textContent).not.toContain(pier);
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual([gone]);
  });
});
