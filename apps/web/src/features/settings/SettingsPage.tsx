import { isHelpdesk, SETTINGS_TABS } from '@lockerops/contract';
import { Alert, Box, Paper, Tab, Tabs } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { formatApiError } from '../../api/errors';
import { sessionStore, useCurrentUser } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { useResultDialog } from '../../components/ResultDialog';
import { ContactTab } from './ContactTab';
import { CurrencyTab } from './CurrencyTab';
import { DefaultsTab } from './DefaultsTab';
import { useSettingsQuery } from './hooks';
import { LockVendorsTab } from './LockVendorsTab';
import { PaymentsTab } from './PaymentsTab';
import { WhiteLabelTab } from './WhiteLabelTab';

/** The sixth tab, after the spec's five: the organization's cloud lock vendor accounts (admins). */
export const LOCK_VENDORS_TAB = 'Lock Vendors';
export const WELCOME_TEXT =
  "Welcome! Fill in the Settings fields to set up your organization, or close this message and the product will load your organization's default settings.";

/** /settings (spec console §2 Settings page, operational §3 organization-level settings). */
export function SettingsPage() {
  const user = useCurrentUser();
  const helpdesk = isHelpdesk(user);
  const [tab, setTab] = useState(0);
  const settings = useSettingsQuery();
  const showResult = useResultDialog();
  const welcomed = useRef(false);

  useEffect(() => {
    if (welcomed.current || !user.first_login || user.role !== 'admin') return;
    welcomed.current = true;
    showResult({
      type: 'welcome',
      message: WELCOME_TEXT,
      onClose: () => sessionStore.updateUser({ first_login: false }),
    });
  }, [user.first_login, user.role, showResult]);

  return (
    <Box>
      <PageTitle title="Settings" />
      <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        {SETTINGS_TABS.map((label, i) => (
          <Tab key={label} label={label} disabled={i === 4 && helpdesk} />
        ))}
        {user.role === 'admin' ? <Tab label={LOCK_VENDORS_TAB} /> : null}
      </Tabs>
      {settings.isError ? <Alert severity="error">{formatApiError(settings.error)}</Alert> : null}
      {settings.data ? (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
          {tab === 0 ? <DefaultsTab settings={settings.data} /> : null}
          {tab === 1 ? <WhiteLabelTab /> : null}
          {tab === 2 ? <CurrencyTab settings={settings.data} /> : null}
          {tab === 3 ? <ContactTab settings={settings.data} /> : null}
          {tab === 4 ? <PaymentsTab /> : null}
          {tab === 5 ? <LockVendorsTab /> : null}
        </Paper>
      ) : null}
    </Box>
  );
}
