import {
  CLOUD_LOCK_VENDORS,
  CLOUD_VENDOR_FIELDS,
  LOCK_MESSAGES,
  type TCloudLockVendor,
  type TLockVendorAccount,
  ZLockVendorAccountRequest,
} from '@lockerops/contract';
import { Alert, Button, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useResultDialog } from '../../components/ResultDialog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { useLockVendorsQuery, useRemoveLockVendor, useSaveLockVendor } from './hooks';
import { Actions } from './settingsParts';

/**
 * Lock Vendors (admins): the organization's account at each cloud lock vendor whose locks the
 * server opens through the vendor's API — base URL, account or client id, token URL (OAuth
 * vendors) and the API secret, which is never shown again after saving (its last 4 characters only).
 */
export function LockVendorsTab() {
  const { t } = useTranslation('settings');
  const hardware = useEnumLabel();
  const accounts = useLockVendorsQuery();
  const [vendor, setVendor] = useState<TCloudLockVendor>('linka');
  const account = accounts.data?.find((a) => a.vendor === vendor);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('vendors.intro')}</Typography>
      {accounts.isError ? <Alert severity="error">{formatApiError(accounts.error)}</Alert> : null}
      <TextField
        select
        label={t('vendors.vendor')}
        value={vendor}
        onChange={(e) => setVendor(e.target.value as TCloudLockVendor)}
      >
        {CLOUD_LOCK_VENDORS.map((v) => (
          <MenuItem key={v} value={v}>
            {hardware('hardware', v)}
          </MenuItem>
        ))}
      </TextField>
      {account ? <VendorForm key={`${vendor}-${account.updated_at}`} account={account} /> : null}
    </Stack>
  );
}

function VendorForm({ account }: { account: TLockVendorAccount }) {
  const { t } = useTranslation('settings');
  const hardware = useEnumLabel();
  const fields = CLOUD_VENDOR_FIELDS[account.vendor];
  const label = hardware('hardware', account.vendor);
  /** a vendor's field name (the contract's English) in the console's language */
  const fieldLabel = (name: string) => t(`vendors.field.${name.replace(/ /g, '')}`, { defaultValue: name });
  const [baseUrl, setBaseUrl] = useState(account.base_url ?? fields.baseUrl ?? '');
  const [accountId, setAccountId] = useState(account.account_id ?? '');
  const [tokenUrl, setTokenUrl] = useState(account.token_url ?? '');
  const [secret, setSecret] = useState('');
  const save = useSaveLockVendor();
  const remove = useRemoveLockVendor();
  const showResult = useResultDialog();

  const submit = async () => {
    const parsed = ZLockVendorAccountRequest.safeParse({
      base_url: baseUrl,
      account_id: fields.accountId ? accountId : null,
      token_url: fields.oauth ? tokenUrl : null,
      secret: secret || undefined,
    });
    if (!parsed.success) {
      showResult({
        type: 'error',
        message: parsed.error.issues.map((i) => translateMessage(i.message)).join(', '),
      });
      return;
    }
    try {
      await save.mutateAsync({ vendor: account.vendor, body: parsed.data });
      showResult({ type: 'success', message: translateMessage(LOCK_MESSAGES.vendorSaved) });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };
  const onRemove = async () => {
    try {
      const r = await remove.mutateAsync(account.vendor);
      showResult({ type: 'success', message: translateMessage(String(r.detail)) });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };

  return (
    <Stack spacing={2}>
      <Chip
        sx={{ alignSelf: 'flex-start' }}
        size="small"
        color={account.configured ? 'success' : 'default'}
        label={account.configured ? t('vendors.configured') : t('vendors.notConfigured')}
      />
      <TextField
        label={t('vendors.baseUrl', { vendor: label })}
        value={baseUrl}
        placeholder="https://"
        onChange={(e) => setBaseUrl(e.target.value)}
      />
      {fields.accountId ? (
        <TextField
          label={fieldLabel(fields.accountId)}
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
        />
      ) : null}
      {fields.oauth ? (
        <TextField
          label={t('vendors.tokenUrl')}
          value={tokenUrl}
          helperText={t('vendors.tokenUrlHelp')}
          onChange={(e) => setTokenUrl(e.target.value)}
        />
      ) : null}
      <TextField
        label={fieldLabel(fields.secret)}
        type="password"
        autoComplete="new-password"
        value={secret}
        helperText={
          account.secret_last4
            ? t('vendors.secretSaved', { last4: account.secret_last4 })
            : t('vendors.secretNew')
        }
        onChange={(e) => setSecret(e.target.value)}
      />
      <Actions>
        <Stack direction="row" spacing={1}>
          <Button disabled={!account.configured || remove.isPending} onClick={() => void onRemove()}>
            {t('vendors.remove')}
          </Button>
          <Button variant="contained" disabled={save.isPending} onClick={() => void submit()}>
            {t('common:button.save')}
          </Button>
        </Stack>
      </Actions>
    </Stack>
  );
}
