// biome-ignore-all lint/suspicious/noDocumentCookie: the tests write raw cookies as a browser holds them
import { DEFAULT_CARD_METRICS } from '@lockerops/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextFreeMetric, readCardMetrics, writeCardMetrics } from './cardCookies';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
};

afterEach(() => {
  clearCookies();
  vi.restoreAllMocks();
});

describe('dashboard card cookies', () => {
  it('shows the five default cards without cookies', () => {
    expect(readCardMetrics()).toEqual([...DEFAULT_CARD_METRICS]);
  });

  it('remembers each slot and the number of cards', () => {
    const six = [...DEFAULT_CARD_METRICS, 'door_health' as const];
    six[0] = 'issue_rate';
    writeCardMetrics(six);
    expect(document.cookie).toContain('metric_0=issue_rate');
    expect(document.cookie).toContain('metric_5=door_health');
    expect(document.cookie).toContain('metrics_length=6');
    expect(readCardMetrics()).toEqual(six);

    writeCardMetrics(six.slice(0, 5));
    expect(document.cookie).not.toContain('metric_5=');
    expect(readCardMetrics()).toEqual(six.slice(0, 5));
  });

  it('writes cookies that expire in the year 9999', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeCardMetrics([...DEFAULT_CARD_METRICS]);
    const written = set.mock.calls.map((c) => String(c[0]));
    const kept = written.filter((c) => /^metric(s_length|_[0-4])=/.test(c));
    expect(kept).toHaveLength(6);
    for (const c of kept) expect(c).toContain('expires=Fri, 31 Dec 9999 23:59:59 GMT');
  });

  it('keeps between 5 and 10 cards and ignores unknown metrics', () => {
    document.cookie = 'metrics_length=42; path=/';
    document.cookie = 'metric_1=bogus; path=/';
    const cards = readCardMetrics();
    expect(cards).toHaveLength(10);
    expect(cards[1]).toBe(DEFAULT_CARD_METRICS[1]);
    expect(new Set(cards).size).toBe(10);

    document.cookie = 'metrics_length=2; path=/';
    expect(readCardMetrics()).toHaveLength(5);
  });

  it('starts a new card with a metric no other card shows', () => {
    expect(DEFAULT_CARD_METRICS).not.toContain(nextFreeMetric(DEFAULT_CARD_METRICS));
  });
});
