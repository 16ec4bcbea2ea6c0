import { DASHBOARD_MESSAGES, DEFAULT_DASHBOARD_RANGE, type TCardMetric } from '@lockerops/contract';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { saveBlob } from '../../api/useExport';
import { SR_ONLY } from '../../components/srOnly';
import { translateMessage } from '../../i18n/messages';
import { readCardMetrics, writeCardMetrics } from './cardCookies';
import { type DashboardFilter, filterReady } from './hooks';
import { WelcomeCard } from './WelcomeCard';

const DashboardBody = lazy(() => import('./DashboardBody'));

/**
 * Dashboard at /home (spec console §2): welcome card, filter bar, metric cards (5 by default, up to
 * 10, remembered in the cookies `metric_{slot}` and `metrics_length`), charts and the top tables.
 * Every read follows the filter bar (this week by default, spec console §4). The page's name is in
 * the top bar; its heading (h1) is there for screen readers and not shown a second time.
 */
export function DashboardPage() {
  const org = useOrganizationSelf();
  const [filter, setFilter] = useState<DashboardFilter>({ range: DEFAULT_DASHBOARD_RANGE, locations: [] });
  const [cards, setCards] = useState<TCardMetric[]>(readCardMetrics);
  const saveCards = (next: TCardMetric[]) => {
    writeCardMetrics(next);
    setCards(next);
  };
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const { t } = useTranslation('dashboard');
  const download = async () => {
    setDownloading(true);
    try {
      const { gatherReport } = await import('./reportCsv');
      const { csv, filename } = await gatherReport(client, filter, cards, t);
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
    } catch (e) {
      enqueueSnackbar(formatApiError(e), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      {/* the top bar already shows the page's name: the heading is for screen readers only */}
      <Typography variant="h1" sx={SR_ONLY}>
        {t('title')}
      </Typography>
      <WelcomeCard
        actions={
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            disabled={downloading || !filterReady(filter)}
            onClick={download}
          >
            {translateMessage(DASHBOARD_MESSAGES.downloadCsv)}
          </Button>
        }
      />
      <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
        <DashboardBody
          filter={filter}
          onFilter={setFilter}
          cards={cards}
          onCards={saveCards}
          superTenant={!!org.data?.super_tenant}
        />
      </Suspense>
    </>
  );
}
