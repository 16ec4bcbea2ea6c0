import type { TDeviceUnlock, TUnlockState } from '@lockerops/contract';
import { Box, Chip, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDoorUnlocks } from '../../api/doors';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
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
 * A device's unlock timeline (CONTRIBUTING.md "Adapters (outside systems)": locks): each recent unlock with who asked
 * and why, its outcome, and the time of every step it reached — requested, sent, acknowledged,
 * then opened, jammed or offline. It re-reads itself while an unlock is under way (`live`, or the
 * newest unlock not settled), and announces the newest outcome politely to screen readers. Times
 * are on the door's location's wall clock (`timeZone`) and name their zone.
 */
export function UnlockTimeline({
  deviceId,
  live = false,
  timeZone,
}: {
  deviceId: string;
  live?: boolean;
  /** the door's location's IANA zone; the page's zone when not given */
  timeZone?: string;
}) {
  const unlocks = useDoorUnlocks(deviceId, live);
  const items = unlocks.data?.items ?? [];
  // the steps' names are the transactions catalog's: loaded with the door's own
  const { t } = useTranslation(['door', 'transactions']);
  const label = useEnumLabel();
  /** A life-cycle step's unlock ("Transaction pickup", as the server records it) in the reader's words. */
  const stepReason = (reason: string | null | undefined) => {
    const step = /^Transaction ([a-z_ ]+)$/.exec(reason ?? '')?.[1]?.replace(/ /g, '_');
    const name = step ? t(`transactions:log.${step}`, { defaultValue: '' }) : '';
    return name ? t('door:timeline.transactionStep', { step: name }) : undefined;
  };
  return (
    <Box component="section" aria-label={t('timeline.title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('timeline.title')}
      </Typography>
      {/* the newest outcome, read out by screen readers as it changes (WCAG 4.1.3) */}
      <Box role="status" sx={SR_ONLY}>
        {items[0] ? t('timeline.newest', { state: label('unlockState', items[0].state) }) : ''}
      </Box>
      {unlocks.isSuccess && !items.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('timeline.none')}
        </Typography>
      ) : null}
      {items.map((u) => (
        <Box
          key={u.id}
          role="group"
          aria-label={t('timeline.unlockAt', {
            time: formatDateTime(u.requested_at, { seconds: true, timeZone, zoneName: true }),
          })}
          sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5, mb: 1.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={COLORS[u.state]}
              label={label('unlockState', u.state)}
              aria-label={t('timeline.outcome', { state: label('unlockState', u.state) })}
            />
            <Typography variant="body2">
              {stepReason(u.reason) ?? translateMessage(u.reason)}
              {u.actor_name ? ' · ' : ''}
              {u.actor_name && <span data-value>{u.actor_name}</span>}
            </Typography>
          </Box>
          {u.detail ? (
            <Typography variant="body2" color="text.secondary">
              {translateMessage(u.detail)}
            </Typography>
          ) : null}
          <List dense disablePadding aria-label={t('timeline.steps')}>
            {unlockSteps(u).map((s) => (
              <ListItem key={s.state} disableGutters sx={{ py: 0 }}>
                <Typography variant="body2" sx={{ minWidth: 110 }}>
                  {label('unlockState', s.state)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(s.at, { seconds: true, timeZone, zoneName: true })}
                </Typography>
              </ListItem>
            ))}
          </List>
        </Box>
      ))}
    </Box>
  );
}
