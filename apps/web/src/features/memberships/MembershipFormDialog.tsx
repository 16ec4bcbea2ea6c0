import {
  BILLING_PERIODS,
  BILLING_TYPE_LABELS,
  BILLING_TYPES,
  CURRENCIES,
  MEMBERSHIP_CSV_HEADERS,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_TYPE_LABELS,
  MEMBERSHIP_TYPES,
  type TMembership,
} from '@lockerops/contract';
import { Autocomplete, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { FormDialog } from '../../components/FormDialog';
import { HistoryLog } from '../../components/HistoryLog';
import {
  MEMBERSHIPS_ENDPOINT,
  membershipsKey,
  saveMembership,
  type TMembershipFormInput,
  type TOption,
  useMembershipForm,
  useOptions,
} from './hooks';
import { visibleSteps } from './progress';

export interface MembershipFormDialogProps {
  open: boolean;
  membership: TMembership | null;
  isAdmin: boolean;
  onClose: () => void;
}

function IdsPicker({
  control,
  name,
  label,
  options,
}: {
  control: Control<TMembershipFormInput>;
  name: 'locations' | 'users';
  label: string;
  options: TOption[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const ids = (field.value as string[] | undefined) ?? [];
        return (
          <Autocomplete
            multiple
            options={options}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            value={options.filter((o) => ids.includes(o.id))}
            onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
            renderInput={(params) => <TextField {...params} label={label} />}
          />
        );
      }}
    />
  );
}

/**
 * "Add Subscription" / "Edit Subscription" (spec operational §3 Subscription/membership, §4
 * Subscription form, §5 Subscription). Fields appear progressively: name, subscription type, value,
 * billing type, billing period and number of payments (recurring), amount, then description,
 * currency, active, card on file, locations and users.
 */
export function MembershipFormDialog({ open, membership, isAdmin, onClose }: MembershipFormDialogProps) {
  const form = useMembershipForm(membership, open);
  const { register, control, formState } = form;
  const err = (k: keyof typeof formState.errors) => formState.errors[k]?.message;
  const editing = !!membership;
  const values = useWatch({ control }) as Partial<TMembershipFormInput>;
  const steps = visibleSteps(values);
  const locations = useOptions('locations', open && steps.has('rest'));
  const users = useOptions('users', open && steps.has('rest'));
  const select = (
    name: 'membership_type' | 'billing_type' | 'billing_period' | 'currency',
    label: string,
    options: readonly string[],
    labels?: Record<string, string>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          required={name !== 'currency'}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          error={!!err(name)}
          helperText={err(name)}
        >
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {labels?.[o] ?? o}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const flag = (name: 'active' | 'card_on_file', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? 'Edit Subscription' : 'Add Subscription'}
      form={form}
      onSubmit={(v) => saveMembership(membership?.id, v)}
      successMessage={editing ? MEMBERSHIP_MESSAGES.updated : MEMBERSHIP_MESSAGES.created}
      invalidateKey={membershipsKey}
      bulkUpload={
        isAdmin && !editing
          ? {
              endpoint: MEMBERSHIPS_ENDPOINT,
              headers: MEMBERSHIP_CSV_HEADERS,
              templateName: 'subscriptions_template.csv',
              allowDryRun: true,
            }
          : undefined
      }
      extraTabs={
        membership
          ? [{ label: 'History Log', content: <HistoryLog entity="membership" id={membership.id} /> }]
          : []
      }
    >
      <TextField label="Name" required {...register('name')} error={!!err('name')} helperText={err('name')} />
      {steps.has('type') &&
        select('membership_type', 'Subscription type', MEMBERSHIP_TYPES, MEMBERSHIP_TYPE_LABELS)}
      {steps.has('value') && (
        <TextField
          label={values.membership_type === 'limited' ? 'Value (free transactions)' : 'Value'}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...register('value')}
          error={!!err('value')}
          helperText={err('value')}
        />
      )}
      {steps.has('billing') && select('billing_type', 'Billing type', BILLING_TYPES, BILLING_TYPE_LABELS)}
      {steps.has('period') && select('billing_period', 'Billing period', BILLING_PERIODS)}
      {steps.has('period') && (
        <TextField
          label="Number of payments"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          {...register('number_of_payments')}
          error={!!err('number_of_payments')}
          helperText={err('number_of_payments')}
        />
      )}
      {steps.has('amount') && (
        <TextField
          label="Amount"
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          {...register('amount')}
          error={!!err('amount')}
          helperText={err('amount')}
        />
      )}
      {steps.has('rest') && (
        <>
          {select('currency', 'Currency', CURRENCIES)}
          <TextField label="Description" multiline minRows={2} {...register('description')} />
          <IdsPicker control={control} name="locations" label="Locations" options={locations.data ?? []} />
          <IdsPicker control={control} name="users" label="Users" options={users.data ?? []} />
          {flag('active', 'Active')}
          {flag('card_on_file', 'Card on file')}
        </>
      )}
    </FormDialog>
  );
}
