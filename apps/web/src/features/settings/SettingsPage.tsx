import {
  CURRENCIES,
  CURRENCY_SYMBOLS,
  DEVICE_HARDWARE,
  HEX_COLOR_PATTERN,
  isHelpdesk,
  MODE_LABELS,
  MODES,
  MSG,
  NOTIFICATION_CHANNELS,
  SETTINGS_MESSAGES,
  SETTINGS_TABS,
  type TCurrency,
  type TSettings,
  type TSettingsRequest,
  ZSettingsRequest,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { sessionStore, useCurrentUser } from '../../api/session';
import { PageTitle } from '../../components/PageTitle';
import { useResultDialog } from '../../components/ResultDialog';
import {
  useSaveSettings,
  useSaveWhiteLabel,
  useSettingsQuery,
  useSizeOptions,
  useUploadLogo,
  useVerifyContact,
} from './hooks';

export const CURRENCY_STORAGE_KEY = 'currency';
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
      </Tabs>
      {settings.isError ? <Alert severity="error">{formatApiError(settings.error)}</Alert> : null}
      {settings.data ? (
        <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
          {tab === 0 ? <DefaultsTab settings={settings.data} /> : null}
          {tab === 1 ? <WhiteLabelTab /> : null}
          {tab === 2 ? <CurrencyTab settings={settings.data} /> : null}
          {tab === 3 ? <ContactTab settings={settings.data} /> : null}
          {tab === 4 ? <PaymentsTab /> : null}
        </Paper>
      ) : null}
    </Box>
  );
}

function useSave(successText: string) {
  const save = useSaveSettings();
  const showResult = useResultDialog();
  const run = async (body: TSettingsRequest, after?: () => void) => {
    const parsed = ZSettingsRequest.safeParse(body);
    if (!parsed.success) {
      showResult({ type: 'error', message: parsed.error.issues.map((i) => i.message).join(', ') });
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      after?.();
      showResult({ type: 'success', message: successText });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  return { run, pending: save.isPending };
}

function Actions({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>{children}</Box>;
}

/** Defaults: device hardware and mode, size, max reservations, notification channel. */
function DefaultsTab({ settings }: { settings: TSettings }) {
  const org = useOrganizationSelf();
  const sizes = useSizeOptions();
  const [v, setV] = useState(settings);
  const { run, pending } = useSave(MSG.settingsUpdated);
  const hardware = DEVICE_HARDWARE.filter(
    (h) => h === 'virtual' || !org.data || org.data[`${h}_hardware` as const],
  );
  const modes = MODES.filter((m) => !org.data || org.data[`${m}_mode` as const]);
  const unlimited = v.default_max_reservations === null;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Default Device Hardware"
        value={v.default_device_hardware ?? ''}
        onChange={(e) =>
          setV({
            ...v,
            default_device_hardware: (e.target.value || null) as TSettings['default_device_hardware'],
          })
        }
      >
        <MenuItem value="">None</MenuItem>
        {hardware.map((h) => (
          <MenuItem key={h} value={h}>
            {h.charAt(0).toUpperCase() + h.slice(1)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Default Device Mode"
        value={v.default_device_mode ?? ''}
        onChange={(e) =>
          setV({ ...v, default_device_mode: (e.target.value || null) as TSettings['default_device_mode'] })
        }
      >
        <MenuItem value="">None</MenuItem>
        {modes.map((m) => (
          <MenuItem key={m} value={m}>
            {MODE_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Default Size"
        value={v.default_id_size ?? ''}
        onChange={(e) => setV({ ...v, default_id_size: e.target.value || null })}
      >
        <MenuItem value="">None</MenuItem>
        {(sizes.data ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label="Default Max Reservations"
          value={unlimited ? '' : String(v.default_max_reservations)}
          disabled={unlimited}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '');
            setV({ ...v, default_max_reservations: digits ? Number(digits) : 0 });
          }}
        />
        <FormControlLabel
          label="Unlimited"
          control={
            <Checkbox
              checked={unlimited}
              onChange={(e) => setV({ ...v, default_max_reservations: e.target.checked ? null : 1 })}
            />
          }
        />
      </Stack>
      <TextField
        select
        label="Default Notification Channel"
        value={v.default_notification_channel}
        onChange={(e) =>
          setV({
            ...v,
            default_notification_channel: e.target.value as TSettings['default_notification_channel'],
          })
        }
      >
        {NOTIFICATION_CHANNELS.map((c) => (
          <MenuItem key={c} value={c}>
            {c === 'sms' ? 'SMS' : 'E-mail'}
          </MenuItem>
        ))}
      </TextField>
      <Actions>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() =>
            void run({
              default_device_hardware: v.default_device_hardware,
              default_device_mode: v.default_device_mode,
              default_id_size: v.default_id_size,
              default_max_reservations: v.default_max_reservations,
              default_notification_channel: v.default_notification_channel,
            })
          }
        >
          Save
        </Button>
      </Actions>
    </Stack>
  );
}

/** White label: app name, logo, primary and secondary colours, applied to the theme at once. */
function WhiteLabelTab() {
  const org = useOrganizationSelf();
  const wl = org.data?.white_label;
  const [appName, setAppName] = useState(wl?.app_name ?? '');
  const [primary, setPrimary] = useState(wl?.primary_color ?? '#000000');
  const [secondary, setSecondary] = useState(wl?.secondary_color ?? '#000000');
  const save = useSaveWhiteLabel();
  const upload = useUploadLogo();
  const showResult = useResultDialog();
  const colorsValid = HEX_COLOR_PATTERN.test(primary) && HEX_COLOR_PATTERN.test(secondary);

  const submit = async () => {
    try {
      await save.mutateAsync({
        app_name: appName.trim() || null,
        primary_color: primary,
        secondary_color: secondary,
      });
      showResult({ type: 'success', message: MSG.settingsUpdated });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      showResult({ type: 'error', message: MSG.onlyImages });
      return;
    }
    try {
      await upload.mutateAsync(file);
      showResult({ type: 'success', message: MSG.settingsUpdated });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };

  return (
    <Stack spacing={2}>
      <TextField label="App Name" value={appName} onChange={(e) => setAppName(e.target.value)} />
      <Stack direction="row" spacing={3}>
        {(
          [
            ['Primary Color', primary, setPrimary],
            ['Secondary Color', secondary, setSecondary],
          ] as const
        ).map(([label, value, setter]) => (
          <Typography key={label} variant="caption" component="label">
            {label}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <input type="color" value={value} onChange={(e) => setter(e.target.value)} />
              <Typography variant="body2" component="span">
                {value}
              </Typography>
            </Box>
          </Typography>
        ))}
      </Stack>
      <Box>
        {wl?.app_logo ? (
          <Box
            component="img"
            src={wl.app_logo}
            alt="Organization logo"
            sx={{ display: 'block', maxHeight: 80, mb: 1 }}
          />
        ) : null}
        <Button variant="outlined" component="label" disabled={upload.isPending}>
          Upload Logo
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label="Logo"
            onChange={(e) => void onLogo(e.target.files?.[0])}
          />
        </Button>
      </Box>
      <Actions>
        <Button variant="contained" disabled={save.isPending || !colorsValid} onClick={() => void submit()}>
          Save
        </Button>
      </Actions>
    </Stack>
  );
}

/** Currency: the organization's default currency ('Currency has been updated!'). */
function CurrencyTab({ settings }: { settings: TSettings }) {
  const [currency, setCurrency] = useState<TCurrency>(settings.default_currency);
  const { run, pending } = useSave(SETTINGS_MESSAGES.currencyUpdated);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Currency"
        value={currency}
        onChange={(e) => setCurrency(e.target.value as TCurrency)}
      >
        {CURRENCIES.map((c) => (
          <MenuItem key={c} value={c}>
            {`${c.toUpperCase()} (${CURRENCY_SYMBOLS[c]})`}
          </MenuItem>
        ))}
      </TextField>
      <Actions>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() =>
            void run({ default_currency: currency }, () =>
              localStorage.setItem(CURRENCY_STORAGE_KEY, currency),
            )
          }
        >
          Save
        </Button>
      </Actions>
    </Stack>
  );
}

/** Support contact: default e-mail (with verification) and phone. */
function ContactTab({ settings }: { settings: TSettings }) {
  const [email, setEmail] = useState(settings.default_support_email ?? '');
  const [phone, setPhone] = useState(settings.default_support_phone ?? '');
  const { run, pending } = useSave(MSG.settingsUpdated);
  const verify = useVerifyContact();
  const showResult = useResultDialog();
  const saved = (settings.default_support_email ?? '') === email.trim();
  const sendVerification = async () => {
    try {
      await verify.mutateAsync(email.trim());
      showResult({ type: 'success', message: SETTINGS_MESSAGES.verificationSent });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label="Support E-mail"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {saved && settings.default_support_email ? (
          <Chip
            size="small"
            color={settings.support_email_verified ? 'success' : 'default'}
            label={settings.support_email_verified ? 'Verified' : 'Not verified'}
          />
        ) : null}
      </Stack>
      <TextField
        label="Support Phone"
        value={phone}
        onChange={(e) => setPhone(e.target.value.replace(/[^\d+]/g, ''))}
      />
      <Actions>
        <Stack direction="row" spacing={1}>
          <Button
            disabled={!saved || !email.trim() || settings.support_email_verified || verify.isPending}
            onClick={() => void sendVerification()}
          >
            Verify E-mail
          </Button>
          <Button
            variant="contained"
            disabled={pending}
            onClick={() =>
              void run({
                default_support_email: email.trim() || null,
                default_support_phone: phone.trim() || null,
              })
            }
          >
            Save
          </Button>
        </Stack>
      </Actions>
    </Stack>
  );
}

/** Payments: the card-payment provider account is set up on /pricing-set-up. */
function PaymentsTab() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>Connect a card-payment provider account to take payments at your lockers.</Typography>
      <Button variant="contained" component={RouterLink} to="/pricing-set-up">
        Payment set-up
      </Button>
    </Stack>
  );
}
