import type { TCardMetric, TMetricAnswer } from '@lockerops/contract';
import { formatDuration, formatMoney, formatNumber, formatPercent } from '../../lib/format';

/** How a card's figure reads: money, a count, a percentage, seconds, a plain decimal. */
export type FigureKind = 'money' | 'count' | 'percent' | 'seconds' | 'decimal';

/** A card's one figure, the same figure for the previous period, and its trend over the range. */
export interface CardFigure {
  kind: FigureKind;
  value: number;
  /** null: the metric has no previous period (counts of things as they are now) */
  previous: number | null;
  trend: number[] | null;
}

const KINDS: Record<TCardMetric, FigureKind> = {
  earnings: 'money',
  total_transactions: 'count',
  transaction_rate: 'percent',
  total_users: 'count',
  avg_revenue_per_transaction: 'money',
  user_growth: 'percent',
  avg_transaction_time: 'seconds',
  transactions_per_locker: 'decimal',
  occupancy_rate: 'percent',
  door_health: 'percent',
  issue_rate: 'decimal',
  total_locations: 'count',
  door_counts: 'count',
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Reads a card's figure from the answer of `reports/<metric>` (spec console §3 Metric payloads):
 * the spec key of each payload; lists (door health, occupancy) give their mean over the locations.
 */
export function cardFigure<N extends TCardMetric>(metric: N, answer: TMetricAnswer<N>): CardFigure {
  const kind = KINDS[metric];
  const a = answer as TMetricAnswer<TCardMetric>;
  const withTrend = (value: number, x: { previous: number; trend: { value: number }[] }): CardFigure => ({
    kind,
    value,
    previous: x.previous,
    trend: x.trend.map((p) => p.value),
  });
  const plain = (value: number): CardFigure => ({ kind, value, previous: null, trend: null });
  switch (metric) {
    case 'earnings': {
      const x = a as TMetricAnswer<'earnings'>;
      return withTrend(x.earnings, x);
    }
    case 'total_transactions': {
      const x = a as TMetricAnswer<'total_transactions'>;
      return withTrend(x.breakdown.organization_total, x);
    }
    case 'transaction_rate': {
      const x = a as TMetricAnswer<'transaction_rate'>;
      return withTrend(x.new_transaction_percentage, x);
    }
    case 'avg_revenue_per_transaction': {
      const x = a as TMetricAnswer<'avg_revenue_per_transaction'>;
      return withTrend(x.avg_revenue_per_transaction, x);
    }
    case 'user_growth': {
      const x = a as TMetricAnswer<'user_growth'>;
      return withTrend(x.percentage, x);
    }
    case 'avg_transaction_time': {
      const x = a as TMetricAnswer<'avg_transaction_time'>;
      return withTrend(x.avg_transaction_time, x);
    }
    case 'transactions_per_locker': {
      const x = a as TMetricAnswer<'transactions_per_locker'>;
      return withTrend(x.avg_transactions_per_locker, x);
    }
    case 'issue_rate': {
      const x = a as TMetricAnswer<'issue_rate'>;
      return withTrend(x.issue_rate, x);
    }
    case 'total_users':
      return plain(a as TMetricAnswer<'total_users'>);
    case 'occupancy_rate':
      return plain(mean((a as TMetricAnswer<'occupancy_rate'>).map((l) => l.occupancy_rate)));
    case 'door_health':
      return plain(mean((a as TMetricAnswer<'door_health'>).map((l) => l.health_percentage)));
    case 'total_locations':
      return plain((a as TMetricAnswer<'total_locations'>).main_org_total_locations);
    default:
      return plain((a as TMetricAnswer<'door_counts'>).main_org.main_org_total_doors);
  }
}

const grouped = (v: number, digits: number) => formatNumber(v, digits, { grouped: true });

/** The figure as the card shows it; money in the organization's currency (`currency` code). */
export function formatFigure(kind: FigureKind, value: number, currency: string | null): string {
  switch (kind) {
    case 'money':
      return formatMoney(value, currency);
    case 'count':
      return grouped(value, 0);
    case 'percent':
      return formatPercent(value, 2);
    case 'seconds':
      return formatDuration(value, { seconds: true });
    default:
      return grouped(value, 2);
  }
}

/** The figure as the report CSV writes it: a plain number (whole for counts, else two decimals). */
export function rawFigure(kind: FigureKind, value: number): string {
  return kind === 'count' || kind === 'seconds' ? String(Math.round(value)) : value.toFixed(2);
}

/**
 * The change against the previous period of the same length: percentage points for percentages,
 * else the relative change in percent. null without a previous period; `up` says the direction.
 * For percentages `points` is the signed amount alone, for the catalog's unit
 * (`dashboard:changePoints`: "pts", "pp", "Pkt.").
 */
export function figureChange(f: CardFigure): { label: string; up: boolean | null; points?: string } | null {
  if (f.previous === null) return null;
  const diff = f.value - f.previous;
  const up = diff === 0 ? null : diff > 0;
  const sign = diff > 0 ? '+' : diff < 0 ? '−' : '';
  if (f.kind === 'percent') {
    const points = `${sign}${grouped(Math.abs(diff), 2)}`;
    return { label: `${points} pts`, up, points };
  }
  const relative = f.previous === 0 ? Math.sign(diff) * 100 : (diff / Math.abs(f.previous)) * 100;
  return { label: formatPercent(relative, 2, { signed: true }), up };
}
