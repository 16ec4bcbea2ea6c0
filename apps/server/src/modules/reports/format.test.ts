import { describe, expect, it } from 'vitest';
import { compare, formatDay, formatPeriod, formatValue } from './service/format';

describe("a report's numbers and dates in the recipient's language", () => {
  it('formats money, percentages and counts through Intl', () => {
    expect(formatValue(1454.2, 'money', 'usd')).toBe('$1,454.20');
    expect(formatValue(1454.2, 'money', 'eur', false, 'de')).toBe('1.454,20 €');
    expect(formatValue(12.5, 'percent')).toBe('12.5%');
    expect(formatValue(12.5, 'percent', 'usd', false, 'de')).toBe('12,5 %');
    expect(formatValue(1204, 'count', 'usd', false, 'es')).toBe('1204');
    expect(formatValue(12040, 'count', 'usd', false, 'es')).toBe('12.040');
  });

  it('compares with the previous period in words of the language', () => {
    const money = { label: 'x', value: 150, previous: 100, unit: 'money' as const };
    expect(compare(money)?.text).toBe('+50% vs previous period ($100.00)');
    expect(compare(money, 'eur', 'de')?.text).toBe('+50 % gegenüber dem Vorzeitraum (100,00 €)');
    const pts = { label: 'x', value: 9.3, previous: 12.5, unit: 'percent' as const };
    expect(compare(pts)?.text).toBe('-3.2 pts vs previous period (12.5%)');
    expect(compare(pts, 'usd', 'es')?.text).toBe('-3,2 p. p. respecto al periodo anterior (12,5 %)');
    expect(compare({ ...money, value: 100 }, 'usd', 'de')?.text).toMatch(/^Unverändert/);
  });

  it('writes dates in the language', () => {
    expect(formatPeriod('2026-03-02', '2026-03-08')).toBe('Mar 2, 2026 – Mar 8, 2026');
    expect(formatDay('2026-03-02', 'de')).toBe('02.03.2026');
    expect(formatDay('2026-03-02', 'es')).toBe('2 mar 2026');
  });
});
