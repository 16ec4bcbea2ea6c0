import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useEnumLabel } from '../../i18n/enums';
import { formatDateTime } from '../../lib/format';
import { useProductTracking } from './hooks';
import { orderTimeline, trackingColor, trackingWho } from './timeline';

/**
 * The "Product History Log" tab (spec operational §2 Products, §4 Product tracking states): a timeline
 * titled "Asset History Log", newest first with "Product Created" last; "Maintenance Ticket" entries
 * in red; In/Out entries show the customer; entries show the condition when there is one.
 */
export function ProductHistoryLog({ id }: { id: string }) {
  const { t } = useTranslation('products');
  const label = useEnumLabel();
  const tracking = useProductTracking(id);
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('history.title')}
      </Typography>
      {tracking.isPending ? <CircularProgress size={24} aria-label={t('common:table.loading')} /> : null}
      {tracking.error ? <Typography color="error">{formatApiError(tracking.error)}</Typography> : null}
      {tracking.data && !tracking.data.items.length ? (
        <Typography color="text.secondary">{t('common:table.empty')}</Typography>
      ) : null}
      <Box component="ol" aria-label={t('history.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {orderTimeline(tracking.data?.items ?? []).map((entry) => {
          const color = trackingColor(entry.state);
          const who = trackingWho(entry);
          return (
            <Box
              component="li"
              key={entry.id}
              data-state={entry.state}
              sx={{ borderLeft: 3, borderColor: `${color}.main`, pl: 2, pb: 2 }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip size="small" color={color} label={label('productTracking', entry.state)} />
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(entry.created_at)}
                </Typography>
              </Box>
              {who ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {who}
                </Typography>
              ) : null}
              {entry.condition ? (
                <Typography
                  variant="body2"
                  color={entry.state === 'maintenance' ? 'error' : 'text.secondary'}
                >
                  {t('history.condition', { name: entry.condition.name })}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
