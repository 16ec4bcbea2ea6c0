import { DASHBOARD_MESSAGES } from '@lockerops/contract';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { buildReportCsv, reportFilename } from './reportCsv';

const trend = [{ date: '2026-11-22', value: 1 }];

describe('report CSV', () => {
  it('writes the range, each card as a plain number, and both top tables', () => {
    const content: Parameters<typeof buildReportCsv>[0] = {
      from: '2026-11-22',
      to: '2026-11-25',
      cards: [
        { metric: 'earnings', answer: { currency: 'usd', earnings: 1234.5, previous: 1000, trend } },
        {
          metric: 'total_transactions',
          answer: { breakdown: { organization_total: 42 }, previous: 21, trend },
        },
        { metric: 'total_users', answer: 7 },
        { metric: 'avg_revenue_per_transaction', answer: null },
      ],
      topUsers: [
        {
          id: '00000000-0000-4000-8000-0000000000c1',
          user: 'Hopper, Grace "Amazing"',
          email: null,
          location: 'Airport',
          location_id: null,
          purchases: 3,
        },
      ],
      topLocations: [],
    };
    const csv = buildReportCsv(content, i18next.getFixedT('en', 'dashboard'));
    const { data, meta } = Papa.parse<string[]>(csv.trim(), { header: false });
    expect(data[0]).toEqual(['Section', 'Name', 'Value', 'Previous Period', 'Detail']);
    expect(meta.delimiter).toBe(',');
    expect(data.slice(1)).toEqual([
      ['Range', 'From', '2026-11-22', '', ''],
      ['Range', 'To', '2026-11-25', '', ''],
      ['Metric', 'Earnings', '1234.50', '1000.00', ''],
      ['Metric', 'Total Transactions', '42', '21', ''],
      ['Metric', 'Total Users', '7', '', ''],
      ['Metric', 'Avg. Revenue per Transaction', '', '', DASHBOARD_MESSAGES.noData],
      ['Top Users', 'Hopper, Grace "Amazing"', '3', '', 'Airport'],
      ['Top Locations', '', '', '', DASHBOARD_MESSAGES.noDataToShow],
    ]);
  });

  it("writes its headings, sections and card names in the console's language", async () => {
    await i18next.changeLanguage('de');
    try {
      const csv = buildReportCsv(
        {
          from: '2026-11-22',
          to: '2026-11-25',
          cards: [{ metric: 'total_users', answer: null }],
          topUsers: null,
          topLocations: [],
        },
        i18next.getFixedT('de', 'dashboard'),
      );
      const { data } = Papa.parse<string[]>(csv.trim(), { header: false });
      expect(data[0]).toEqual(['Abschnitt', 'Name', 'Wert', 'Vorzeitraum', 'Detail']);
      expect(data[1]).toEqual(['Zeitraum', 'Von', '2026-11-22', '', '']);
      expect(data[3]?.slice(0, 2)).toEqual(['Kennzahl', 'Benutzer gesamt']);
      expect(data[4]?.[0]).toBe('Top-Benutzer');
      expect(data[4]?.[4]).not.toBe(DASHBOARD_MESSAGES.noData);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('is named after the range', () => {
    expect(reportFilename('2026-11-22', '2026-11-25')).toBe('report_2026-11-22_2026-11-25.csv');
  });
});
