import { Box, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import { LiteAppCustomizer } from './LiteAppCustomizer';
import { WidgetCustomizer } from './WidgetCustomizer';

const TABS = ['lite-app', 'widget'] as const;

/**
 * /apps-widgets (spec console §2 Apps and widgets): two tabs, the Lite App customizer and the
 * Reservation Widget customizer. The open tab is kept in the URL (`?tab=widget`).
 */
export function AppsWidgetsPage() {
  const [params, setParams] = useSearchParams();
  const { t } = useTranslation('appsWidgets');
  const tab = Math.max(0, TABS.indexOf(params.get('tab') as (typeof TABS)[number]));
  return (
    <Box>
      <PageTitle title={t('title')} />
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setParams({ tab: TABS[v]! }, { replace: true })}
        sx={{ mb: 3 }}
      >
        <Tab label={t('tab.liteApp')} />
        <Tab label={t('tab.widget')} />
      </Tabs>
      {tab === 0 ? <LiteAppCustomizer /> : <WidgetCustomizer />}
    </Box>
  );
}
