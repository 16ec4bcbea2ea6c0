import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18next } from '../i18n';
import { HistoryEntries, type THistoryLine } from './HistoryLog';

const entry = (over: Partial<THistoryLine>): THistoryLine => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  action: 'update',
  actor_type: 'member',
  actor_name: 'Ada Admin',
  changes: { name: { before: 'A', after: 'B' } },
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe('HistoryEntries', () => {
  it("labels the action and an unnamed actor in the console's language", async () => {
    await i18next.changeLanguage('es');
    const items = [
      entry({}),
      entry({
        id: '00000000-0000-4000-8000-0000000000a2',
        action: 'unlock',
        actor_type: 'system',
        actor_name: null,
      }),
      entry({ id: '00000000-0000-4000-8000-0000000000a3', action: 'some_new_action', actor_name: null }),
    ];
    render(<HistoryEntries query={{ isPending: false, error: null, data: { items } }} timeZone="UTC" />);
    expect(screen.getByText('Actualizado')).toBeInTheDocument();
    expect(screen.getByText('Desbloqueado')).toBeInTheDocument();
    expect(screen.getByText('Sistema')).toBeInTheDocument();
    expect(screen.getByText('Miembro del equipo')).toBeInTheDocument();
    // an action the catalogs do not know yet shows as it is stored
    expect(screen.getByText('some_new_action')).toBeInTheDocument();
    expect(screen.queryByText('Updated')).toBeNull();
  });
});
