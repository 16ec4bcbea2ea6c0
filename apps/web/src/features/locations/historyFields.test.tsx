import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryEntries, type THistoryLine, useHistoryFields } from '../../components/HistoryLog';
import { i18next } from '../../i18n';
import { LOCATION_HISTORY_LABELS } from './historyFields';

const ENTRY: THistoryLine = {
  id: '00000000-0000-4000-8000-0000000000f1',
  action: 'update',
  actor_type: 'member',
  actor_name: 'Ada Lovelace',
  changes: {
    contact_email: { before: 'a@x.test', after: 'b@x.test' },
    time_zone: { before: null, after: 'Europe/Madrid' },
    hidden: { before: false, after: true },
  },
  created_at: '2026-01-01T10:00:00.000Z',
};

function LocationLog() {
  const fields = useHistoryFields('locations', LOCATION_HISTORY_LABELS);
  return (
    <HistoryEntries
      query={{ isPending: false, error: null, data: { items: [ENTRY] } }}
      timeZone="UTC"
      fields={fields}
    />
  );
}

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en');
});

describe("a location's history log", () => {
  it("names the changed fields with the catalog's labels, in each language", async () => {
    const seen: Record<string, string[]> = {
      en: ['Contact Email', 'Time Zone', 'Hidden'],
      es: ['Correo de contacto', 'Zona horaria', 'Oculta'],
      de: ['Kontakt-E-Mail', 'Zeitzone', 'Ausgeblendet'],
    };
    for (const [language, labels] of Object.entries(seen)) {
      await i18next.changeLanguage(language);
      render(<LocationLog />);
      for (const label of labels) expect(screen.getByText(label)).toBeInTheDocument();
      expect(screen.queryByText('contact_email')).toBeNull();
      cleanup();
    }
  });
});
