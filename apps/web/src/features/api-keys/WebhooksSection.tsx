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
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyField } from '../../components/CopyField';
import { WebhookDeliveriesDialog } from './WebhookDeliveriesDialog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { useDeleteWebhook, useRotateSecret, useToggleWebhook, useWebhooksQuery } from './webhookHooks';

/** The signing secret of a created or rotated endpoint, shown this once with a copy button. */
function SecretDialog({ shown, onClose }: { shown: TWebhookEndpointWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Dialog open={!!shown} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('secret.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="warning">{t('secret.warning')}</Alert>
        {shown ? <CopyField label={t('secret.label')} value={shown.secret} /> : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Pending = { kind: 'delete' | 'rotate'; endpoint: TWebhookEndpoint } | null;

/**
 * The "Webhooks" section of the API page: the organization's endpoints (URL,
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
  const { t } = useTranslation('apiKeys');

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
            {t('webhooks.title')}
          </Typography>
          <Button variant="contained" onClick={() => setEditing(null)}>
            {t('webhooks.add')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('webhooks.intro')}
        </Typography>
        {list.isError ? <Alert severity="error">{formatApiError(list.error)}</Alert> : null}
        <Table size="small" aria-label={t('webhooks.endpoints')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('webhooks.url')}</TableCell>
              <TableCell>{t('webhooks.description')}</TableCell>
              <TableCell>{t('webhooks.events')}</TableCell>
              <TableCell>{t('webhooks.enabled')}</TableCell>
              <TableCell align="right">{t('webhooks.actions')}</TableCell>
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
                      e.events.map((ev) => <Chip key={ev} size="small" label={ev} />)
                    ) : (
                      <Chip size="small" variant="outlined" label={t('webhooks.allEvents')} />
                    )}
                  </Box>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={e.enabled}
                    disabled={toggle.isPending}
                    onChange={() => toggle.mutate(e)}
                    slotProps={{ input: { 'aria-label': t('webhooks.enabledOf', { url: e.url }) } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('common:button.edit')}>
                    <IconButton
                      aria-label={t('webhooks.editOf', { url: e.url })}
                      onClick={() => setEditing(e)}
                    >
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('deliveries.title')}>
                    <IconButton
                      aria-label={t('webhooks.deliveriesOf', { url: e.url })}
                      onClick={() => setLog(e)}
                    >
                      <HistoryOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('webhooks.rotateSecret')}>
                    <IconButton
                      aria-label={t('webhooks.rotateSecretOf', { url: e.url })}
                      onClick={() => setPending({ kind: 'rotate', endpoint: e })}
                    >
                      <KeyOutlined />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('common:button.delete')}>
                    <IconButton
                      aria-label={t('webhooks.deleteOf', { url: e.url })}
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
            {t('common:table.empty')}
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
        destructive={pending?.kind === 'delete'}
        objectName={pending?.endpoint.url}
        open={!!pending}
        title={pending?.kind === 'delete' ? t('webhooks.deleteTitle') : t('webhooks.rotateSecret')}
        message={pending?.kind === 'delete' ? t('webhooks.deleteConfirm') : t('webhooks.rotateConfirm')}
        onConfirm={() => void onConfirm()}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}
