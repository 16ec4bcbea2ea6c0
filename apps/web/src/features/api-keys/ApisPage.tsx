import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../api/client';
import { PageTitle } from '../../components/PageTitle';
import { ApiKeyCard } from './ApiKeyCard';
import { WebhooksSection } from './WebhooksSection';

/**
 * /apis: API documentation, the organization's API token (spec console §2 API page, §4 API key) and
 * its webhook endpoints.
 */
export function ApisPage() {
  const { t } = useTranslation('apiKeys');
  return (
    <Box>
      <PageTitle
        title={t('title')}
        actions={
          <Button variant="outlined" onClick={() => window.open(`${API_BASE}/redoc`, '_blank', 'noopener')}>
            {t('documentation')}
          </Button>
        }
      />
      <ApiKeyCard />
      <WebhooksSection />
    </Box>
  );
}
