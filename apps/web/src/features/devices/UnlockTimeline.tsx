import {
  locationsEndpoints,
  type TDeviceUnlock,
  type TLocationLockSettingsRequest,
  type TUnlockState,
  UNLOCK_STATE_LABELS,
  ZLocationLockSettings,
} from '@lockerops/contract';
import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { apiCall } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { formatDateTime } from '../../lib/format';
import { deviceQueries } from './hooks';

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

/** `GET devices/{id}/unlocks`: the latest unlocks; refreshed with the devices list after an unlock. */
export const useDeviceUnlocks = (id: string | undefined) =>
  useQuery({ ...deviceQueries.unlocks(id), enabled: !!id });

/**
 * A device's unlock timeline (ARCHITECTURE: Adapters — locks): each recent unlock with who asked
 * and why, its outcome, and the time of every step it reached — requested, sent, acknowledged,
 * then opened, jammed or offline.
 */
export function UnlockTimeline({ deviceId }: { deviceId: string }) {
  const unlocks = useDeviceUnlocks(deviceId);
  const items = unlocks.data?.items ?? [];
  return (
    <Box component="section" aria-label="Unlock timeline" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Unlock timeline
      </Typography>
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

/** `GET locations/{id}/lock-settings`. */
export const useLockSettings = (idLocation: string | undefined) =>
  useQuery({ ...deviceQueries.lockSettings(idLocation), enabled: !!idLocation });

/** `PUT locations/{id}/lock-settings`, with the saved message or the server's reason. */
export function useSaveLockSettings() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TLocationLockSettingsRequest }) =>
      apiCall(locationsEndpoints.locations.putLockSettings, {
        params: { id },
        body,
        schema: ZLocationLockSettings,
      }),
    onSuccess: (_r, v) => {
      enqueueSnackbar('Lock settings saved.', { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: deviceQueries.lockSettings(v.id).queryKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
  });
}
