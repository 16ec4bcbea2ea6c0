import { API_KEY_MESSAGES, API_KEY_SCOPES, type TApiKeyCreated } from '@lockerops/contract';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatApiError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useResultDialog } from '../../components/ResultDialog';
import { formatDateTime } from '../../lib/format';
import { useApiKeysQuery, useGenerateApiKey, useRevokeApiKey, useRotateApiKey } from './hooks';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/**
 * The organization's API token on /apis (spec console §2 API page, §4 API key): generated once per
 * organization and shown once — afterwards only its first characters, its scope, when it was made
 * and last used — with rotate (a new key replaces the old) and revoke.
 */
export function ApiKeyCard() {
  const keys = useApiKeysQuery();
  const generate = useGenerateApiKey();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const showResult = useResultDialog();
  const [shown, setShown] = useState<TApiKeyCreated | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const listed = keys.data?.[0] ?? null;
  const secret = shown && listed && shown.id === listed.id ? shown.key : null;
  const busy = keys.isPending || generate.isPending || rotate.isPending || revoke.isPending;

  const run = async (action: () => Promise<TApiKeyCreated | null>, message: string) => {
    try {
      const created = await action();
      setShown(created);
      setCopied(false);
      showResult({ type: 'success', message });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  const onConfirm = () => {
    const id = listed?.id;
    const which = confirm;
    setConfirm(null);
    if (!id) return;
    if (which === 'rotate') void run(() => rotate.mutateAsync(id), API_KEY_MESSAGES.rotated);
    if (which === 'revoke')
      void run(async () => {
        await revoke.mutateAsync(id);
        return null;
      }, API_KEY_MESSAGES.revoked);
  };
  const onCopy = async () => {
    if (!secret) return;
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const value = secret ?? (listed ? `${listed.prefix}…` : API_KEY_MESSAGES.none);

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          API Token
        </Typography>
        {keys.isError ? <Alert severity="error">{formatApiError(keys.error)}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label="API Key"
            value={value}
            slotProps={{ input: { readOnly: true } }}
            sx={{ flex: 1 }}
          />
          <Tooltip title="Copy">
            <span>
              <IconButton aria-label="Copy" disabled={!secret} onClick={() => void onCopy()}>
                <ContentCopyOutlined />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="contained"
            disabled={!!listed || busy}
            onClick={() => void run(() => generate.mutateAsync(), API_KEY_MESSAGES.generated)}
          >
            Generate Token
          </Button>
        </Stack>
        {copied ? (
          <Typography variant="body2" color="success.main" sx={{ mt: 1 }} role="status">
            {API_KEY_MESSAGES.copied}
          </Typography>
        ) : null}
        {secret ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {API_KEY_MESSAGES.shownOnce}
          </Alert>
        ) : null}
        {listed ? (
          <Stack spacing={0.5} sx={{ mt: 2 }}>
            <Typography variant="body2">
              <strong>Scope:</strong> {API_KEY_SCOPES[listed.scope].label} —{' '}
              {API_KEY_SCOPES[listed.scope].description}
            </Typography>
            <Typography variant="body2">
              <strong>Created:</strong> {when(listed.created_at)}
            </Typography>
            <Typography variant="body2">
              <strong>Last used:</strong> {when(listed.last_used_at)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              <Button variant="outlined" disabled={busy} onClick={() => setConfirm('rotate')}>
                Rotate Token
              </Button>
              <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirm('revoke')}>
                Revoke Token
              </Button>
            </Stack>
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Send the token in the X-API-Key header of each request to act as your organization.
        </Typography>
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'rotate' ? 'Rotate Token' : 'Revoke Token'}
        message={
          confirm === 'rotate'
            ? 'A new key replaces the current one, which stops working at once. Continue?'
            : 'The key stops working at once. Continue?'
        }
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
