import {
  TIME_UNITS,
  TRANSACTION_ACTIONS,
  type TTransaction,
  type TTransactionLog,
} from '@lockerops/contract';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatApiError } from '../../api/errors';
import { usePlaceZone } from '../../api/place';
import { useEnumLabel } from '../../i18n/enums';
import { formatDateTime, formatDuration, formatMoney } from '../../lib/format';
import { useTransactionLogs } from './hooks';

/** The fields a transaction's history entry may record (`detail`), labelled in the catalog. */
const LOG_DETAIL_KEYS = new Set([
  'id_device',
  'locker_number',
  'promo',
  'canceled_at',
  'reference',
  'message',
  'outcome',
  'ended_at',
  'total',
  'expires_at',
  'amount',
  'reason',
  'product',
  'via',
  'weight',
  'subtotal',
  'discount',
  'phone_number',
  'email',
  'attempts',
]);

/** Label/value lines of a details dialog; empty values show '-'. */
function Fields({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, auto) 1fr', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value === null || value === undefined || value === '' ? '-' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const fullName = (u: NonNullable<TTransaction['user']>) => [u.name, u.last_name].filter(Boolean).join(' ');

/** User Details (spec: operational §2 Transactions dialogs): who the transaction belongs to. */
export function UserDetailsDialog({ user, onClose }: { user: TTransaction['user']; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  return (
    <Dialog open={!!user} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('details.userTitle')}</DialogTitle>
      <DialogContent>
        {user ? (
          <Fields
            rows={[
              [t('field.name'), fullName(user)],
              [t('field.email'), user.email],
              [t('field.phone'), user.phone_number],
            ]}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {user ? (
          <Button component={RouterLink} to={`/users/${user.id}/details`}>
            {t('details.history')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('common:button.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Device Details (spec: operational §2 Transactions dialogs): the door of the transaction. The link to
 * the Devices page is for admins only (spec §1 "member … cannot see … device links").
 */
export function DeviceDetailsDialog({
  transaction,
  showDeviceLink,
  onClose,
}: {
  transaction: TTransaction | null;
  showDeviceLink: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const label = useEnumLabel();
  const d = transaction?.device;
  return (
    <Dialog open={!!d} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{t('details.deviceTitle')}</DialogTitle>
      <DialogContent>
        {d ? (
          <Fields
            rows={[
              [t('field.name'), d.name],
              [t('field.lockerNumber'), d.locker_number],
              [t('field.location'), transaction?.location?.name],
              [t('field.mode'), label('mode', d.mode)],
              [t('field.status'), label('deviceStatus', d.status)],
              [t('field.lockStatus'), label('lockStatus', d.lock_status)],
              [t('field.hardware'), label('hardware', d.hardware_type)],
            ]}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {d && showDeviceLink ? (
          <Button component={RouterLink} to={`/devices?search=${encodeURIComponent(d.name)}`}>
            {t('details.goToDevice')}
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('common:button.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The fields of the "Transaction Details" tab (spec: operational §3 Transaction (event)). Its times
 * are on the wall clock of the transaction's location (its own zone, else the organization's),
 * each with the zone named.
 */
function DetailsTab({ t, currency }: { t: TTransaction; currency: string }) {
  const { t: tr } = useTranslation('transactions');
  const label = useEnumLabel();
  const zone = usePlaceZone()(t.location?.time_zone);
  const at = (v: string | null) => formatDateTime(v, { timeZone: zone, zoneName: true });
  const money = (v: number | null) => formatMoney(v, currency);
  return (
    <Fields
      rows={[
        [tr('field.invoiceId'), t.invoice_id],
        [tr('field.orderId'), t.order_id],
        [tr('field.type'), label('mode', t.event_type)],
        [tr('field.status'), label('transactionStatus', t.event_status)],
        [tr('field.user'), t.user ? fullName(t.user) : (t.email ?? t.phone_number)],
        [tr('field.location'), t.location?.name],
        [tr('field.lockerNumber'), t.device?.locker_number],
        [tr('field.product'), t.product?.name],
        [
          tr('field.price'),
          t.price
            ? tr('details.priceValue', {
                name: t.price.name,
                amount: money(t.price.amount),
                unit: (TIME_UNITS as readonly string[]).includes(t.price.unit)
                  ? label('timeUnit', t.price.unit)
                  : t.price.unit,
              })
            : null,
        ],
        [
          tr('field.promo'),
          t.promo ? tr('details.promoValue', { name: t.promo.name, code: t.promo.code }) : null,
        ],
        [tr('field.membership'), t.membership?.name],
        [tr('field.created'), at(t.created_at)],
        [tr('field.started'), at(t.started_at)],
        [tr('field.ended'), at(t.ended_at)],
        [tr('field.canceled'), t.canceled_at ? `${at(t.canceled_at)} ${t.canceled_by ?? ''}`.trim() : null],
        [tr('field.expires'), t.expires_at ? at(t.expires_at) : null],
        [tr('field.duration'), formatDuration(t.total_time)],
        [tr('field.weight'), t.weight],
        [tr('field.subtotal'), money(t.subtotal)],
        [tr('field.discount'), money(t.discount)],
        [tr('field.total'), money(t.total)],
        [tr('field.refundedAmount'), money(t.refunded_amount)],
        [tr('field.penalty'), money(t.penalize_charge)],
        [tr('field.penaltyReason'), t.penalize_reason ? label('penaltyReason', t.penalize_reason) : null],
        [tr('field.paymentStatus'), label('paymentStatus', t.payment_status)],
        [
          tr('field.notification'),
          t.notification_status
            ? `${label('pickupNotice', t.notification_status)}${t.notification_date ? ` ${at(t.notification_date)}` : ''}`
            : null,
        ],
        [tr('field.courierCode'), t.courier_pin_code],
        [
          tr('field.signature'),
          t.signature_url ? (
            <Link key="signature" href={t.signature_url} target="_blank" rel="noreferrer">
              {tr('details.open')}
            </Link>
          ) : null,
        ],
        [
          tr('field.image'),
          t.image_url ? (
            <Link key="image" href={t.image_url} target="_blank" rel="noreferrer">
              {tr('details.open')}
            </Link>
          ) : null,
        ],
        [tr('field.condition'), t.condition?.name],
      ]}
    />
  );
}

/**
 * The log actions with a label in the catalogs (`log.<action>`): every step of the life cycle and
 * the log's own entries; any other shows as stored.
 */
const LOG_ACTIONS = new Set<string>(['start', 'create_delivery', 'wrong_code', ...TRANSACTION_ACTIONS]);

/** The "Transaction History Log" tab: `GET event-logs/{id}`, newest first, on the location's clock. */
function HistoryTab({ id, zone }: { id: string; zone: string }) {
  const { t } = useTranslation('transactions');
  const label = useEnumLabel();
  const statusLabel = (s: TTransactionLog['status_after'] | null) => label('transactionStatus', s);
  const logs = useTransactionLogs(id, true);
  if (logs.isPending) return <CircularProgress size={24} aria-label={t('common:table.loading')} />;
  if (logs.error) return <Typography color="error">{formatApiError(logs.error)}</Typography>;
  const items = [...logs.data].reverse();
  if (!items.length) return <Typography color="text.secondary">{t('common:table.empty')}</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('details.historyTab')}>
      {items.map((e) => {
        const detail = Object.entries(e.detail).filter(([, v]) => v !== null && v !== undefined && v !== '');
        return (
          <Box component="li" key={e.id} sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 2, pb: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" label={LOG_ACTIONS.has(e.action) ? t(`log.${e.action}`) : e.action} />
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-value>
                {e.actor_name ?? e.actor_type}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(e.created_at, { timeZone: zone, zoneName: true })}
              </Typography>
            </Box>
            <Typography variant="body2">
              {e.status_before ? `${statusLabel(e.status_before)} → ` : ''}
              {statusLabel(e.status_after)}
            </Typography>
            {detail.length ? (
              <Typography variant="caption" color="text.secondary">
                {detail.map(([k, v], i) => (
                  <Fragment key={k}>
                    {i > 0 && ' · '}
                    {LOG_DETAIL_KEYS.has(k) ? t(`logDetail.${k}`) : k}:{' '}
                    {/* what the step recorded: data, as written */}
                    <span data-value>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</span>
                  </Fragment>
                ))}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * Transaction Details (spec: operational §2 Transactions): tabs "Transaction Details" and
 * "Transaction History Log". `actions` are the admin's action buttons for this transaction.
 */
export function TransactionDetailsDialog({
  transaction,
  currency,
  actions,
  onClose,
}: {
  transaction: TTransaction | null;
  currency: string;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const [tab, setTab] = useState(0);
  const id = transaction?.id;
  const zone = usePlaceZone()(transaction?.location?.time_zone);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another transaction starts on its details
  useEffect(() => setTab(0), [id]);
  return (
    <Dialog open={!!transaction} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('details.title', { invoice: transaction?.invoice_id ?? '' })}</DialogTitle>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 3 }}>
        <Tab label={t('details.detailsTab')} />
        <Tab label={t('details.historyTab')} />
      </Tabs>
      <DialogContent sx={{ minHeight: 320 }}>
        {transaction && tab === 0 ? <DetailsTab t={transaction} currency={currency} /> : null}
        {transaction && tab === 1 ? <HistoryTab id={transaction.id} zone={zone} /> : null}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button variant="contained" onClick={onClose}>
          {t('common:button.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
