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
import { formatApiError } from '../../api/errors';
import { PagedTableFooter } from '../../components/PagedTableFooter';
import { formatDateTime } from '../../lib/format';
import { useReplayDelivery, useWebhookDeliveries } from './webhookHooks';

/**
 * The delivery log of one endpoint (issue 14): every attempt, newest first — time, event, attempt
 * (a replayed one marked), status code, latency, outcome and the response excerpt or error — with
 * Replay, which sends the same message again under the same `webhook-id`.
 */
function DeliveryLog({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  const log = useWebhookDeliveries(endpoint.id, page + 1, size);
  const replay = useReplayDelivery(endpoint.id);
  return (
    <>
      {log.isError ? <Alert severity="error">{formatApiError(log.error)}</Alert> : null}
      <Table size="small" aria-label="Delivery log">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Event</TableCell>
            <TableCell>Attempt</TableCell>
            <TableCell>Status code</TableCell>
            <TableCell>Latency</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Response</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(log.data?.items ?? []).map((d) => (
            <TableRow key={d.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.created_at)}</TableCell>
              <TableCell>{d.event_type}</TableCell>
              <TableCell>
                {d.attempt}
                {d.replay ? ' (replay)' : ''}
              </TableCell>
              <TableCell>{d.status_code ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.latency_ms} ms</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={d.succeeded ? 'Succeeded' : 'Failed'}
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
                  Replay
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
  return (
    <Dialog open={!!endpoint} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>Deliveries</DialogTitle>
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
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
