import { API_KEY_MESSAGES } from '@lockerops/contract';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Box,
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
import { API_BASE } from '../../api/client';
import { formatApiError } from '../../api/errors';
import { PageTitle } from '../../components/PageTitle';
import { useResultDialog } from '../../components/ResultDialog';
import { useApiKeysQuery, useGenerateApiKey } from './hooks';
import { WebhooksSection } from './WebhooksSection';

/**
 * /apis: API documentation, the organization's API token (spec console §2 API page, §4 API key) and
 * its webhook endpoints (issue 14).
 */
export function ApisPage() {
  const keys = useApiKeysQuery();
  const generate = useGenerateApiKey();
  const showResult = useResultDialog();
  const [copied, setCopied] = useState(false);
  const key = keys.data?.[0]?.key ?? null;

  const onGenerate = async () => {
    try {
      await generate.mutateAsync();
      showResult({ type: 'success', message: API_KEY_MESSAGES.generated });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  const onCopy = async () => {
    if (!key) return;
    await navigator.clipboard?.writeText(key).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Box>
      <PageTitle
        title="API's"
        actions={
          <Button variant="outlined" onClick={() => window.open(`${API_BASE}/redoc`, '_blank', 'noopener')}>
            API Documentation
          </Button>
        }
      />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            API Token
          </Typography>
          {keys.isError ? <Alert severity="error">{formatApiError(keys.error)}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              label="API Key"
              value={key ?? API_KEY_MESSAGES.none}
              slotProps={{ input: { readOnly: true } }}
              sx={{ flex: 1 }}
            />
            <Tooltip title="Copy">
              <span>
                <IconButton aria-label="Copy" disabled={!key} onClick={() => void onCopy()}>
                  <ContentCopyOutlined />
                </IconButton>
              </span>
            </Tooltip>
            <Button
              variant="contained"
              disabled={!!key || keys.isPending || generate.isPending}
              onClick={() => void onGenerate()}
            >
              Generate Token
            </Button>
          </Stack>
          {copied ? (
            <Typography variant="body2" color="success.main" sx={{ mt: 1 }} role="status">
              {API_KEY_MESSAGES.copied}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Send the token in the X-API-Key header of each request to act as your organization.
          </Typography>
        </CardContent>
      </Card>
      <WebhooksSection />
    </Box>
  );
}
