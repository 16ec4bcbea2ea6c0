import { CARD_METRICS, DASHBOARD_MESSAGES, type TCardMetric } from '@lockerops/contract';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Card,
  CardContent,
  IconButton,
  MenuItem,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
import { cardFigure, figureChange, formatFigure, rawFigure } from './cardFigure';
import { type DashboardFilter, useMetric } from './hooks';
import { Sparkline } from './Sparkline';

export interface MetricCardProps {
  slot: number;
  metric: TCardMetric;
  filter: DashboardFilter;
  currency: string | null;
  /** metrics of the other cards (not offered again) */
  taken: readonly TCardMetric[];
  onChange: (metric: TCardMetric) => void;
  /** cards beyond the fifth can be removed (spec console §2 Dashboard) */
  onRemove?: () => void;
  /** the range ends today: the trend's last point holds only the hours gone so far */
  partial?: boolean;
}

/**
 * One metric card of the dashboard (spec console §2): the chosen metric (a select) with a one-line
 * definition in its help, its figure for the filter, the change against the previous period of the
 * same length and a sparkline of the range (its last point marked while today is under way). A
 * failed read shows 'No data found' in this card only (spec console §7).
 */
export function MetricCard({
  slot,
  metric,
  filter,
  currency,
  taken,
  onChange,
  onRemove,
  partial = false,
}: MetricCardProps) {
  const q = useMetric(metric, filter);
  const { t } = useTranslation('dashboard');
  const title = t(`card.${metric}`);
  const figure = q.data !== undefined ? cardFigure(metric, q.data) : null;
  const change = figure ? figureChange(figure) : null;
  return (
    <Card variant="outlined" data-testid={`metric-card-${slot}`} data-metric={metric} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <TextField
            select
            size="small"
            variant="standard"
            value={metric}
            onChange={(e) => onChange(e.target.value as TCardMetric)}
            slotProps={{ htmlInput: { 'aria-label': t('metricOfCard', { n: slot + 1 }) } }}
            // the whole title, on two lines when it must ("Avg. Revenue per Transaction"), never cut
            sx={{
              flex: 1,
              minWidth: 0,
              '& .MuiSelect-select.MuiSelect-select': {
                fontWeight: 600,
                whiteSpace: 'normal',
                overflow: 'visible',
              },
            }}
          >
            {CARD_METRICS.map((m) => (
              <MenuItem key={m} value={m} disabled={m !== metric && taken.includes(m)}>
                {t(`card.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={t(`help.${metric}`)} describeChild>
            <IconButton size="small" aria-label={t('about', { title })} data-testid="metric-help">
              <InfoOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          {onRemove ? (
            <IconButton size="small" aria-label={t('removeCard', { n: slot + 1 })} onClick={onRemove}>
              <CloseOutlined fontSize="small" />
            </IconButton>
          ) : null}
        </Box>
        {q.isPending && q.fetchStatus !== 'idle' ? (
          <Skeleton variant="text" width="60%" height={40} />
        ) : q.isError || !figure ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {translateMessage(DASHBOARD_MESSAGES.noData)}
          </Typography>
        ) : (
          <>
            <Typography
              variant="h4"
              component="p"
              data-testid="metric-value"
              data-value={rawFigure(figure.kind, figure.value)}
              aria-label={t('value', { title })}
              sx={{ fontWeight: 600 }}
            >
              {formatFigure(figure.kind, figure.value, currency)}
            </Typography>
            {change ? (
              <Typography
                variant="body2"
                data-testid="metric-change"
                color={change.up === null ? 'text.secondary' : change.up ? 'success.main' : 'error.main'}
              >
                {t('vsPrevious', {
                  change:
                    change.points === undefined ? change.label : t('changePoints', { amount: change.points }),
                })}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('now')}
              </Typography>
            )}
            {figure.trend && figure.trend.length > 1 ? (
              <Sparkline
                data={figure.trend}
                label={title}
                format={(v) => formatFigure(figure.kind, v, currency)}
                partialLast={partial}
              />
            ) : (
              <Box sx={{ height: 40 }} />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
