import type { TWebhookEndpoint } from '@lockerops/contract';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { PagedTableFooter } from '../../components/PagedTableFooter';
import { formatDateTime } from '../../lib/format';
import { useReplayDelivery, useWebhookDeliveries } from './webhookHooks';

/**
 * The delivery log of one endpoint: every attempt, newest first — time, event, attempt
 * (a replayed one marked), status code, latency, outcome and the response excerpt or error — with
 * Replay, which sends the same message again under the same `webhook-id`.
 */
function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const log = useWebhookDeliveries(endpoint.id, page + 1, size);
  const replay = useReplayDelivery(endpoint.id);
  const { t } = useTranslation('apiKeys');
  return (
    <>
      {log.isError ? <Alert severity="error">{formatApiError(log.error)}</Alert> : null}
      <Table size="small" aria-label={t('deliveries.log')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('deliveries.time')}</TableCell>
            <TableCell>{t('deliveries.event')}</TableCell>
            <TableCell>{t('deliveries.attempt')}</TableCell>
            <TableCell>{t('deliveries.statusCode')}</TableCell>
            <TableCell>{t('deliveries.latency')}</TableCell>
            <TableCell>{t('deliveries.result')}</TableCell>
            <TableCell>{t('deliveries.response')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(log.data?.items ?? []).map((d) => (
            <TableRow key={d.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</TableCell>
              <TableCell>{d.event_type}</TableCell>
              <TableCell>
                {d.replay ? t('deliveries.attemptReplay', { attempt: d.attempt }) : d.attempt}
              </TableCell>
              <TableCell>{d.status_code ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {t('deliveries.latencyMs', { ms: d.latency_ms })}
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={d.succeeded ? t('deliveries.succeeded') : t('deliveries.failed')}
                  color={d.succeeded ? 'success' : 'error'}
                />
              </TableCell>
              <TableCell
                sx={{ maxWidth: 280, overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: 12 }}
              >
                {d.error ?? d.response_excerpt ?? ''}
              </TableCell>
              <TableCell>
                <Button size="small" disabled={replay.isPending} onClick={() => replay.mutate(d)}>
                  {t('deliveries.replay')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PagedTableFooter
        rows={log.data?.items.length}
        total={log.data?.total ?? 0}
        page={page}
        size={size}
        onPage={setPage}
        onSize={setSize}
      />
    </>
  );
}

/** The delivery log of `endpoint` in a dialog; closed while `endpoint` is null. */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  return (
    <Dialog open={!!endpoint} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('deliveries.title')}</DialogTitle>
      <DialogContent>
        {endpoint ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Typography>
            <DeliveryLog endpoint={endpoint} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:button.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
