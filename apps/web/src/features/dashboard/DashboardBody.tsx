import { DASHBOARD_DEFAULT_CARDS, DASHBOARD_MAX_CARDS, type TCardMetric } from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { nextFreeMetric } from './cardCookies';
import { lastIsPartial } from './chartFormat';
import { DashboardCharts } from './DashboardCharts';
import { FilterBar } from './FilterBar';
import { type DashboardFilter, useDashboardCurrency, useDashboardRange } from './hooks';
import { MetricCard } from './MetricCard';
import { TopTables } from './TopTables';

export interface DashboardBodyProps {
  filter: DashboardFilter;
  onFilter: (filter: DashboardFilter) => void;
  cards: TCardMetric[];
  onCards: (cards: TCardMetric[]) => void;
  superTenant: boolean;
}

/**
 * Everything of /home below the welcome card (spec console §2): the filter bar, the metric cards
 * (5 by default, up to 10; those beyond the fifth can be removed), the charts and the top tables.
 * Loaded on its own so the page's heading and welcome card show at once.
 */
export default function DashboardBody({ filter, onFilter, cards, onCards, superTenant }: DashboardBodyProps) {
  const range = useDashboardRange(filter);
  const currency = useDashboardCurrency(filter.targetOrg);
  const { t } = useTranslation('dashboard');
  // preset ranges (and a custom one up to today) end today: its hours so far are marked, not a fall
  const partial = lastIsPartial(range.data);
  return (
    <>
      <FilterBar filter={filter} onChange={onFilter} shown={range.data} superTenant={superTenant} />
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', mb: 2 }}
        data-testid="metric-cards"
      >
        {cards.map((metric, slot) => (
          <MetricCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a card is its slot (cookie metric_{slot})
            key={slot}
            slot={slot}
            metric={metric}
            filter={filter}
            currency={currency}
            taken={cards}
            partial={partial}
            onChange={(m) => onCards(cards.map((c, i) => (i === slot ? m : c)))}
            onRemove={
              slot >= DASHBOARD_DEFAULT_CARDS ? () => onCards(cards.filter((_, i) => i !== slot)) : undefined
            }
          />
        ))}
      </Box>
      <Box sx={{ mb: 3 }}>
        <Button
          startIcon={<AddOutlined />}
          disabled={cards.length >= DASHBOARD_MAX_CARDS}
          onClick={() => onCards([...cards, nextFreeMetric(cards)])}
        >
          {t('addCard')}
        </Button>
      </Box>
      <DashboardCharts filter={filter} currency={currency} partial={partial} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <TopTables filter={filter} />
      </Box>
    </>
  );
}
