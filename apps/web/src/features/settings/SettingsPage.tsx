import { isHelpdesk, SETTINGS_TABS } from '@lockerops/contract';
import { Alert, Box, Paper, Tab, Tabs } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { sessionStore, useCurrentUser } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { useResultDialog } from '../../components/ResultDialog';
import { ContactTab } from './ContactTab';
import { DefaultsTab } from './DefaultsTab';
import { useSettingsQuery } from './hooks';
import { LockVendorsTab } from './LockVendorsTab';
import { PaymentsTab } from './PaymentsTab';
import { RegionTab } from './RegionTab';
import { SettingsReadOnly } from './settingsParts';
import { WhiteLabelTab } from './WhiteLabelTab';

/**
 * The catalog key of each of the spec's five tabs; a sixth, Lock Vendors (`tab.lockVendors`), is the
 * organization's cloud lock vendor accounts, for admins. The spec's Currency tab is shown as Region:
 * it holds the organization's time zone as well as its currency.
 */
const TAB_KEYS: Record<(typeof SETTINGS_TABS)[number], string> = {
  Defaults: 'defaults',
  'White Label': 'whiteLabel',
  Currency: 'region',
  'Support Contact': 'contact',
  Payments: 'payments',
};

/** /settings (spec console §2 Settings page, operational §3 organization-level settings). */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  const helpdesk = isHelpdesk(user);
  // only an admin saves settings (the server answers 403 to others): a member reads them
  const readOnly = user.role !== 'admin';
  const [tab, setTab] = useState(0);
  const settings = useSettingsQuery();
  const showResult = useResultDialog();
  const welcomed = useRef(false);

  useEffect(() => {
    if (welcomed.current || !user.first_login || user.role !== 'admin') return;
    welcomed.current = true;
    showResult({
      type: 'welcome',
      message: t('welcome'),
      onClose: () => sessionStore.updateUser({ first_login: false }),
    });
  }, [user.first_login, user.role, showResult, t]);

  return (
    <Box>
      <PageTitle title={t('title')} />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        {SETTINGS_TABS.map((name, i) => (
          <Tab key={name} label={t(`tab.${TAB_KEYS[name]}`)} disabled={i === 4 && helpdesk} />
        ))}
        {user.role === 'admin' ? <Tab label={t('tab.lockVendors')} /> : null}
      </Tabs>
      {settings.isError ? <Alert severity="error">{formatApiError(settings.error)}</Alert> : null}
      {settings.data ? (
        <SettingsReadOnly.Provider value={readOnly}>
          <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
            {readOnly ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('readOnly')}
              </Alert>
            ) : null}
            {tab === 0 ? <DefaultsTab settings={settings.data} /> : null}
            {tab === 1 ? <WhiteLabelTab /> : null}
            {tab === 2 ? <RegionTab settings={settings.data} /> : null}
            {tab === 3 ? <ContactTab settings={settings.data} /> : null}
            {tab === 4 ? <PaymentsTab /> : null}
            {tab === 5 ? <LockVendorsTab /> : null}
          </Paper>
        </SettingsReadOnly.Provider>
      ) : null}
    </Box>
  );
}
