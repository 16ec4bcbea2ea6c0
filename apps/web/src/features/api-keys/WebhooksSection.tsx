import type { TWebhookEndpoint, TWebhookEndpointWithSecret } from '@lockerops/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatApiError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { useDeleteWebhook, useRotateSecret, useToggleWebhook, useWebhooksQuery } from './webhookHooks';

/** The signing secret of a created or rotated endpoint, shown this once with a copy button. */
function SecretDialog({ shown, onClose }: { shown: TWebhookEndpointWithSecret | null; onClose: () => void }) {
  return (
    <Dialog open={!!shown} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>Signing secret</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">
          Copy this secret now: it is shown only this once. Use it to verify the webhook-signature header of
          each delivery.
        </Alert>
        {shown ? <CopyField label="Signing Secret" value={shown.secret} /> : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Pending = { kind: 'delete' | 'rotate'; endpoint: TWebhookEndpoint } | null;

/**
 * The "Webhooks" section of the API page (issue 14): the organization's endpoints (URL,
 * description, events, enabled), add and edit, the signing secret shown once on creation and on
 * rotation, delete, and each endpoint's delivery log with replay. Deliveries are signed the
 * Standard Webhooks way (the API documentation describes the headers and each event's payload).
 */
export function WebhooksSection() {
  const list = useWebhooksQuery();
  const toggle = useToggleWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateSecret();
  const [editing, setEditing] = useState<TWebhookEndpoint | null | undefined>(undefined);
  const [secret, setSecret] = useState<TWebhookEndpointWithSecret | null>(null);
  const [log, setLog] = useState<TWebhookEndpoint | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const items = list.data?.items ?? [];

  const onConfirm = async () => {
    if (!pending) return;
    const { kind, endpoint } = pending;
    setPending(null);
    if (kind === 'delete') remove.mutate(endpoint.id);
    else {
      const rotated = await rotate.mutateAsync(endpoint.id).catch(() => null);
      if (rotated) setSecret(rotated);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="webhooks-heading" sx={{ mt: 3 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" id="webhooks-heading">
            Webhooks
          </Typography>
          <Button variant="contained" onClick={() => setEditing(null)}>
            Add Endpoint
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Your systems receive every event of the organization as a signed JSON POST (Standard Webhooks:
          webhook-id, webhook-timestamp, webhook-signature). Failed deliveries are retried for 24 hours.
        </Typography>
        {list.isError ? <Alert severity="error">{formatApiError(list.error)}</Alert> : null}
        <Table size="small" aria-label="Webhook endpoints">
          <TableHead>
            <TableRow>
              <TableCell>URL</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Events</TableCell>
              <TableCell>Enabled</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((e) => (
              <TableRow key={e.id}>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{e.url}</TableCell>
                <TableCell>{e.description ?? ''}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {e.events.length ? (
                      e.events.map((t) => <Chip key={t} size="small" label={t} />)
                    ) : (
                      <Chip size="small" variant="outlined" label="All events" />
                    )}
                  </Box>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={e.enabled}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(e)}
                    slotProps={{ input: { 'aria-label': `Enabled ${e.url}` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton aria-label={`Edit ${e.url}`} onClick={() => setEditing(e)}>
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Deliveries">
                    <IconButton aria-label={`Deliveries ${e.url}`} onClick={() => setLog(e)}>
                      <HistoryOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Rotate secret">
                    <IconButton
                      aria-label={`Rotate secret ${e.url}`}
                      onClick={() => setPending({ kind: 'rotate', endpoint: e })}
                    >
                      <KeyOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      aria-label={`Delete ${e.url}`}
                      onClick={() => setPending({ kind: 'delete', endpoint: e })}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.data && !items.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            No Data to Show
          </Typography>
        ) : null}
      </CardContent>
      <WebhookFormDialog
        open={editing !== undefined}
        endpoint={editing ?? null}
        onClose={() => setEditing(undefined)}
        onCreated={setSecret}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDialog endpoint={log} onClose={() => setLog(null)} />
      <ConfirmDialog
        open={!!pending}
        title={pending?.kind === 'delete' ? 'Delete endpoint' : 'Rotate secret'}
        message={
          pending?.kind === 'delete'
            ? 'Are you sure you want to delete this webhook endpoint? Its delivery log is deleted with it.'
            : 'Deliveries are signed with a new secret from now on; the current one stops verifying. Continue?'
        }
        onConfirm={() => void onConfirm()}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
