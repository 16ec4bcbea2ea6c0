import { Box, Chip, CircularProgress, Typography } from '@mui/material';
import { formatApiError } from '../../api/errors';
import { formatDateTime } from '../../lib/format';
import { useProductTracking } from './hooks';
import { orderTimeline, trackingColor, trackingWho } from './timeline';

/**
 * The "Product History Log" tab (spec operational §2 Products, §4 Product tracking states): a timeline
 * titled "Asset History Log", newest first with "Product Created" last; "Maintenance Ticket" entries
 * in red; In/Out entries show the customer; entries show the condition when there is one.
 */
export function ProductHistoryLog({ id }: { id: string }) {
  const tracking = useProductTracking(id);
  return (
    <Box>
      <Typography variant="h6" sx={{ mb: 2 }}>
        Asset History Log
      </Typography>
      {tracking.isPending ? <CircularProgress size={24} aria-label="Fetching data..." /> : null}
      {tracking.error ? <Typography color="error">{formatApiError(tracking.error)}</Typography> : null}
      {tracking.data && !tracking.data.items.length ? (
        <Typography color="text.secondary">No Data to Show</Typography>
      ) : null}
      <Box component="ol" aria-label="Asset History Log" sx={{ listStyle: 'none', m: 0, p: 0 }}>
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
                <Chip size="small" color={color} label={entry.label} />
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
                  Condition: {entry.condition.name}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
