import { type TDeviceUnlock, type TUnlockState, UNLOCK_STATE_LABELS } from '@lockerops/contract';
import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useDoorUnlocks } from '../../api/doors';
import { formatDateTime } from '../../lib/format';

/** Read by screen readers, not shown. */
const SR_ONLY = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const COLORS: Record<TUnlockState, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  requested: 'default',
  sent: 'info',
  acknowledged: 'info',
  opened: 'success',
  jammed: 'warning',
  offline: 'error',
};

/** The steps an unlock reached, in order, with their times. */
export function unlockSteps(u: TDeviceUnlock): Array<{ state: TUnlockState; at: string }> {
  const steps: Array<[TUnlockState, string | null]> = [
    ['requested', u.requested_at],
    ['sent', u.sent_at],
    ['acknowledged', u.acknowledged_at],
    ['opened', u.opened_at],
    ['jammed', u.jammed_at],
    ['offline', u.offline_at],
  ];
  return steps.filter((s): s is [TUnlockState, string] => !!s[1]).map(([state, at]) => ({ state, at }));
}

/**
 * A device's unlock timeline (ARCHITECTURE: Adapters — locks): each recent unlock with who asked
 * and why, its outcome, and the time of every step it reached — requested, sent, acknowledged,
 * then opened, jammed or offline. It re-reads itself while an unlock is under way (`live`, or the
 * newest unlock not settled), and announces the newest outcome politely to screen readers.
 */
export function UnlockTimeline({ deviceId, live = false }: { deviceId: string; live?: boolean }) {
  const unlocks = useDoorUnlocks(deviceId, live);
  const items = unlocks.data?.items ?? [];
  return (
    <Box component="section" aria-label="Unlock timeline" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Unlock timeline
      </Typography>
      {/* the newest outcome, read out by screen readers as it changes (WCAG 4.1.3) */}
      <Box role="status" sx={SR_ONLY}>
        {items[0] ? `Newest unlock: ${UNLOCK_STATE_LABELS[items[0].state]}` : ''}
      </Box>
      {unlocks.isSuccess && !items.length ? (
        <Typography variant="body2" color="text.secondary">
          No unlocks yet.
        </Typography>
      ) : null}
      {items.map((u) => (
        <Box
          key={u.id}
          role="group"
          aria-label={`Unlock ${formatDateTime(u.requested_at, { seconds: true })}`}
          sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, mb: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={COLORS[u.state]}
              label={UNLOCK_STATE_LABELS[u.state]}
              aria-label={`Outcome ${UNLOCK_STATE_LABELS[u.state]}`}
            />
            <Typography variant="body2">
              {u.reason}
              {u.actor_name ? ` · ${u.actor_name}` : ''}
            </Typography>
          </Box>
          {u.detail ? (
            <Typography variant="body2" color="text.secondary">
              {u.detail}
            </Typography>
          ) : null}
          <List dense disablePadding aria-label="Steps">
            {unlockSteps(u).map((s) => (
              <ListItem key={s.state} disableGutters sx={{ py: 0 }}>
                <Typography variant="body2" sx={{ minWidth: 110 }}>
                  {UNLOCK_STATE_LABELS[s.state]}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(s.at, { seconds: true })}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
