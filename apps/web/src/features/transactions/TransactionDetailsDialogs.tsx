import {
  MODE_LABELS,
  PENALTY_REASON_LABELS,
  TRANSACTION_STATUS_LABELS,
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
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatApiError } from '../../api/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useTransactionLogs } from './hooks';
import { formatDuration } from './transactionView';

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
  return (
    <Dialog open={!!user} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>User Details</DialogTitle>
      <DialogContent>
        {user ? (
          <Fields
            rows={[
              ['Name', fullName(user)],
              ['Email', user.email],
              ['Phone Number', user.phone_number],
            ]}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {user ? (
          <Button component={RouterLink} to={`/users/${user.id}/details`}>
            Transaction History
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
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
  const d = transaction?.device;
  return (
    <Dialog open={!!d} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>Device Details</DialogTitle>
      <DialogContent>
        {d ? (
          <Fields
            rows={[
              ['Name', d.name],
              ['Locker Number', d.locker_number],
              ['Location', transaction?.location?.name],
              ['Mode', MODE_LABELS[d.mode as keyof typeof MODE_LABELS] ?? d.mode],
              ['Status', d.status],
              ['Lock Status', d.lock_status],
              ['Hardware', d.hardware_type],
            ]}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {d && showDeviceLink ? (
          <Button component={RouterLink} to={`/devices?search=${encodeURIComponent(d.name)}`}>
            Go to Device
          </Button>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The fields of the "Transaction Details" tab (spec: operational §3 Transaction (event)). */
function DetailsTab({ t, currency }: { t: TTransaction; currency: string }) {
  const money = (v: number | null) => formatMoney(v, currency);
  return (
    <Fields
      rows={[
        ['Invoice ID', t.invoice_id],
        ['Order ID', t.order_id],
        ['Type', MODE_LABELS[t.event_type]],
        ['Status', TRANSACTION_STATUS_LABELS[t.event_status]],
        ['User', t.user ? fullName(t.user) : (t.email ?? t.phone_number)],
        ['Location', t.location?.name],
        ['Locker Number', t.device?.locker_number],
        ['Product', t.product?.name],
        ['Price', t.price ? `${t.price.name} (${money(t.price.amount)} / ${t.price.unit})` : null],
        ['Promo', t.promo ? `${t.promo.name} (${t.promo.code})` : null],
        ['Membership', t.membership?.name],
        ['Created', formatDateTime(t.created_at)],
        ['Started', formatDateTime(t.started_at)],
        ['Ended', formatDateTime(t.ended_at)],
        ['Canceled', t.canceled_at ? `${formatDateTime(t.canceled_at)} ${t.canceled_by ?? ''}`.trim() : null],
        ['Expires', t.expires_at ? formatDateTime(t.expires_at) : null],
        ['Duration', formatDuration(t.total_time)],
        ['Weight', t.weight],
        ['Subtotal', money(t.subtotal)],
        ['Discount', money(t.discount)],
        ['Total', money(t.total)],
        ['Refunded Amount', money(t.refunded_amount)],
        ['Penalty', money(t.penalize_charge)],
        ['Penalty Reason', t.penalize_reason ? PENALTY_REASON_LABELS[t.penalize_reason] : null],
        ['Payment Status', t.payment_status],
        [
          'Notification',
          t.notification_status
            ? `${t.notification_status}${t.notification_date ? ` ${formatDateTime(t.notification_date)}` : ''}`
            : null,
        ],
        ['Courier Code', t.courier_pin_code],
        [
          'Signature',
          t.signature_url ? (
            <Link key="signature" href={t.signature_url} target="_blank" rel="noreferrer">
              Open
            </Link>
          ) : null,
        ],
        [
          'Image',
          t.image_url ? (
            <Link key="image" href={t.image_url} target="_blank" rel="noreferrer">
              Open
            </Link>
          ) : null,
        ],
        ['Condition', t.condition?.name],
      ]}
    />
  );
}

const statusLabel = (s: TTransactionLog['status_after'] | null) => (s ? TRANSACTION_STATUS_LABELS[s] : '');
const LOG_ACTION_LABELS: Record<string, string> = {
  start: 'Started',
  create_delivery: 'Delivery Created',
  wrong_code: 'Wrong Code',
  resend_code: 'Code Resent',
  charge: 'Charged',
  pickup: 'Pickup',
  dropoff: 'Dropoff',
  end: 'Ended',
  refund: 'Refunded',
  penalize: 'Penalized',
  cancel: 'Canceled',
  share: 'Shared',
  complete: 'Delivery Completed',
  user_pickup: 'User Pickup',
  return: 'Returned',
  courier_dropoff: 'Courier Dropoff',
  confirm_payment: 'Payment Confirmed',
  expire: 'Expired',
};

/** The "Transaction History Log" tab: `GET event-logs/{id}`, newest first. */
function HistoryTab({ id }: { id: string }) {
  const logs = useTransactionLogs(id, true);
  if (logs.isPending) return <CircularProgress size={24} aria-label="Fetching data..." />;
  if (logs.error) return <Typography color="error">{formatApiError(logs.error)}</Typography>;
  const items = [...logs.data].reverse();
  if (!items.length) return <Typography color="text.secondary">No Data to Show</Typography>;
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Transaction History Log">
      {items.map((e) => {
        const detail = Object.entries(e.detail).filter(([, v]) => v !== null && v !== undefined && v !== '');
        return (
          <Box component="li" key={e.id} sx={{ borderLeft: 2, borderColor: 'primary.main', pl: 2, pb: 2 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" label={LOG_ACTION_LABELS[e.action] ?? e.action} />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {e.actor_name ?? e.actor_type}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(e.created_at)}
              </Typography>
            </Box>
            <Typography variant="body2">
              {e.status_before ? `${statusLabel(e.status_before)} → ` : ''}
              {statusLabel(e.status_after)}
            </Typography>
            {detail.length ? (
              <Typography variant="caption" color="text.secondary">
                {detail
                  .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
                  .join(' · ')}
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
  const [tab, setTab] = useState(0);
  const id = transaction?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: another transaction starts on its details
  useEffect(() => setTab(0), [id]);
  return (
    <Dialog open={!!transaction} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>Transaction {transaction?.invoice_id}</DialogTitle>
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 3 }}>
        <Tab label="Transaction Details" />
        <Tab label="Transaction History Log" />
      </Tabs>
      <DialogContent sx={{ minHeight: 320 }}>
        {transaction && tab === 0 ? <DetailsTab t={transaction} currency={currency} /> : null}
        {transaction && tab === 1 ? <HistoryTab id={transaction.id} /> : null}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
