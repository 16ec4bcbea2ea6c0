import { type TUserTransactionRow, USER_MESSAGES } from '@lockerops/contract';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import {
  Box,
  CircularProgress,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { formatApiError } from '../../api/errors';
import { useCurrency, usePlaceZone } from '../../api/place';
import { translateMessage } from '../../i18n/messages';
import { formatDateTime, formatDuration, formatMoney } from '../../lib/format';
import { useUserTransactions } from './hooks';

/**
 * The history's columns; its times on the wall clock of each row's location (`zoneOf` its
 * `location_time_zone`), the zone named.
 */
const columns = (
  currency: string,
  t: TFunction,
  zoneOf: (timeZone: string | null | undefined) => string,
): Array<{ key: string; label: string; cell: (r: TUserTransactionRow) => string }> => [
  {
    key: 'started',
    label: t('details.started'),
    cell: (r) => formatDateTime(r.started, { timeZone: zoneOf(r.location_time_zone), zoneName: true }),
  },
  {
    key: 'ended',
    label: t('details.ended'),
    cell: (r) => formatDateTime(r.ended, { timeZone: zoneOf(r.location_time_zone), zoneName: true }),
  },
  { key: 'condition', label: t('details.condition'), cell: (r) => r.condition ?? '-' },
  { key: 'location', label: t('details.location'), cell: (r) => r.location ?? '-' },
  {
    key: 'lockerNumber',
    label: t('details.lockerNumber'),
    cell: (r) => (r.locker_number === null ? '-' : String(r.locker_number)),
  },
  { key: 'duration', label: t('details.duration'), cell: (r) => formatDuration(r.duration) },
  { key: 'amount', label: t('details.amount'), cell: (r) => formatMoney(r.amount, currency) },
];

/**
 * users/{id}/details — the target of a user's QR code and the "User Transaction History" view (spec
 * operational §2): title with the user's name, Go Back, the last 100 transactions newest first, or
 * 'No transactions for this user.'.
 */
export function UserDetailsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('users');
  const q = useUserTransactions(id);
  const COLUMNS = columns(useCurrency(), t, usePlaceZone());
  const name = q.data ? [q.data.user.name, q.data.user.last_name].filter(Boolean).join(' ') : '';
  return (
    <Box>
      <Link
        component={RouterLink}
        to="/users"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}
      >
        <ArrowBackOutlined fontSize="small" /> {t('details.goBack')}
      </Link>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {name ? t('details.titleOf', { name }) : t('details.title')}
      </Typography>
      {q.data ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {[q.data.user.email, q.data.user.phone_number].filter(Boolean).join(' · ')}
        </Typography>
      ) : null}
      {q.isPending ? <CircularProgress size={24} aria-label={t('common:table.loading')} /> : null}
      {q.error ? <Typography color="error">{formatApiError(q.error)}</Typography> : null}
      {q.data && q.data.items.length === 0 ? (
        <Typography>{translateMessage(USER_MESSAGES.noTransactions)}</Typography>
      ) : null}
      {q.data && q.data.items.length > 0 ? (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c.key}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {q.data.items.map((r) => (
                <TableRow key={r.id}>
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key}>{c.cell(r)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Box>
  );
}
