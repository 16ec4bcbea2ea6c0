import { API_KEY_MESSAGES, type TApiKeyCreated } from '@lockerops/contract';
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
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { useApiKeysQuery, useGenerateApiKey, useRevokeApiKey, useRotateApiKey } from './hooks';

/**
 * The organization's API token on /apis (spec console §2 API page, §4 API key): generated once per
 * organization and shown once — afterwards only its first characters, its scope, when it was made
 * and last used — with rotate (a new key replaces the old) and revoke, which asks for a typed
 * phrase (spec console §5: confirm-by-typing dialogs require the exact typed phrase).
 */
export function ApiKeyCard() {
  const keys = useApiKeysQuery();
  const generate = useGenerateApiKey();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const showResult = useResultDialog();
  const { t } = useTranslation('apiKeys');
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t('key.never'));
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
      showResult({ type: 'success', message: translateMessage(message) });
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
  const value = secret ?? (listed ? `${listed.prefix}…` : translateMessage(API_KEY_MESSAGES.none));

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('key.title')}
        </Typography>
        {keys.isError ? <Alert severity="error">{formatApiError(keys.error)}</Alert> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            label={t('key.label')}
            value={value}
            slotProps={{ input: { readOnly: true } }}
            sx={{ flex: 1 }}
          />
          <Tooltip title={t('common:button.copy')}>
            <span>
              <IconButton
                aria-label={t('common:button.copy')}
                disabled={!secret}
                onClick={() => void onCopy()}
              >
                <ContentCopyOutlined />
              </IconButton>
            </span>
          </Tooltip>
          <Button
            variant="contained"
            disabled={!!listed || busy}
            onClick={() => void run(() => generate.mutateAsync(), API_KEY_MESSAGES.generated)}
          >
            {t('key.generate')}
          </Button>
        </Stack>
        {copied ? (
          <Typography variant="body2" color="success.main" sx={{ mt: 1 }} role="status">
            {translateMessage(API_KEY_MESSAGES.copied)}
          </Typography>
        ) : null}
        {secret ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translateMessage(API_KEY_MESSAGES.shownOnce)}
          </Alert>
        ) : null}
        {listed ? (
          <Stack spacing={0.5} sx={{ mt: 2 }}>
            <Typography variant="body2">
              <strong>{t('key.scope')}</strong> {t(`scope.${listed.scope}.label`)} —{' '}
              {t(`scope.${listed.scope}.description`)}
            </Typography>
            <Typography variant="body2">
              <strong>{t('key.created')}</strong> {when(listed.created_at)}
            </Typography>
            <Typography variant="body2">
              <strong>{t('key.lastUsed')}</strong> {when(listed.last_used_at)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              <Button variant="outlined" disabled={busy} onClick={() => setConfirm('rotate')}>
                {t('key.rotate')}
              </Button>
              <Button variant="outlined" color="error" disabled={busy} onClick={() => setConfirm('revoke')}>
                {t('key.revoke')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('key.hint')}
        </Typography>
      </CardContent>
      <ConfirmDialog
        destructive={confirm === 'revoke'}
        open={confirm !== null}
        title={confirm === 'rotate' ? t('key.rotate') : t('key.revoke')}
        message={confirm === 'rotate' ? t('key.rotateConfirm') : t('key.revokeConfirm')}
        // revoking cannot be undone and stops every integration at once: confirmed by typing
        // (spec console §5 confirm-by-typing dialogs)
        confirmPhrase={confirm === 'revoke' ? t('key.revokePhrase') : undefined}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </Card>
  );
}
