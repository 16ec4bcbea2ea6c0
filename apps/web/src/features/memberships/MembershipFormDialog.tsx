import {
  BILLING_PERIODS,
  BILLING_TYPES,
  CURRENCIES,
  MEMBERSHIP_CSV_HEADERS,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_TYPES,
  type TMembership,
  ZMembershipCreateRequest,
} from '@lockerops/contract';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox, FormSearchPickerMany, FormSelect, FormTextField } from '../../components/form';
import { useHistoryFields } from '../../components/HistoryLog';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import type { TEnumGroup } from '../../i18n/enums';
import { MEMBERSHIP_HISTORY_ENUMS, MEMBERSHIP_HISTORY_LABELS } from './historyFields';
import {
  MEMBERSHIPS_ENDPOINT,
  membershipsKey,
  membershipValuesOf,
  type TMembershipFormInput,
  type TMembershipFormOutput,
} from './hooks';
import { visibleSteps } from './progress';

export interface MembershipFormDialogProps {
  open: boolean;
  membership: TMembership | null;
  isAdmin: boolean;
  onClose: () => void;
}

/**
 * "Add Subscription" / "Edit Subscription" (spec operational §3 Subscription/membership, §4
 * Subscription form, §5 Subscription). Fields appear progressively: name, subscription type, value,
 * billing type, billing period and number of payments (recurring), amount, then description,
 * currency, active, card on file, locations and users.
 */
export function MembershipFormDialog({ membership, ...props }: MembershipFormDialogProps) {
  const { t } = useTranslation('memberships');
  const historyFields = useHistoryFields('memberships', MEMBERSHIP_HISTORY_LABELS, MEMBERSHIP_HISTORY_ENUMS);
  return (
    <ResourceFormDialog
      {...props}
      row={membership}
      title={{ add: t('add'), edit: t('edit') }}
      schema={ZMembershipCreateRequest}
      valuesOf={membershipValuesOf}
      endpoint={MEMBERSHIPS_ENDPOINT}
      messages={MEMBERSHIP_MESSAGES}
      invalidateKey={membershipsKey}
      csvHeaders={MEMBERSHIP_CSV_HEADERS}
      templateName="subscriptions_template.csv"
      history={{ label: t('form.historyTab'), entity: 'membership', fields: historyFields }}
    >
      {(form) => <MembershipFields form={form} membership={membership} />}
    </ResourceFormDialog>
  );
}

/** The subscription form's fields, shown step by step as the earlier ones are filled. */
function MembershipFields({
  form,
  membership,
}: {
  form: UseFormReturn<TMembershipFormInput, unknown, TMembershipFormOutput>;
  membership: TMembership | null;
}) {
  const { t } = useTranslation('memberships');
  const { control } = form;
  const values = useWatch({ control }) as Partial<TMembershipFormInput>;
  const steps = visibleSteps(values);
  // the saved plan names its locations and users, so they show when it is reopened
  const savedLocations = (membership?.locations ?? []).map((l) => ({ id: l.id, label: l.name }));
  const savedUsers = (membership?.users ?? []).map((u) => ({ id: u.id, label: u.name }));
  const select = (
    name: 'membership_type' | 'billing_type' | 'billing_period' | 'currency',
    label: string,
    options: readonly string[],
    labelOf?: (value: string) => string,
  ) => (
    <FormSelect
      control={control}
      name={name}
      label={label}
      required={name !== 'currency'}
      options={options.map((o) => ({ value: o, label: labelOf?.(o) ?? o }))}
    />
  );
  const enumSelect = (
    name: 'membership_type' | 'billing_type',
    label: string,
    group: TEnumGroup,
    values: readonly string[],
  ) => <FormSelect control={control} name={name} label={label} required group={group} values={values} />;
  const flag = (name: 'active' | 'card_on_file', label: string) => (
    <FormCheckbox control={control} name={name} label={label} />
  );

  return (
    <>
      <FormTextField control={control} name="name" label={t('form.name')} required />
      {steps.has('type') && enumSelect('membership_type', t('form.type'), 'membershipType', MEMBERSHIP_TYPES)}
      {steps.has('value') && (
        <FormTextField
          control={control}
          name="value"
          label={values.membership_type === 'limited' ? t('form.valueLimited') : t('form.value')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {steps.has('billing') &&
        enumSelect('billing_type', t('form.billingType'), 'billingType', BILLING_TYPES)}
      {steps.has('period') &&
        select('billing_period', t('form.billingPeriod'), BILLING_PERIODS, (v) => t(`period.${v}`))}
      {steps.has('period') && (
        <FormTextField
          control={control}
          name="number_of_payments"
          label={t('form.payments')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
      {steps.has('amount') && (
        <FormTextField
          control={control}
          name="amount"
          label={t('form.amount')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
      {steps.has('rest') && (
        <>
          {select('currency', t('form.currency'), CURRENCIES)}
          <FormTextField
            control={control}
            name="description"
            label={t('form.description')}
            multiline
            minRows={2}
          />
          <FormSearchPickerMany
            control={control}
            name="locations"
            area="locations"
            label={t('form.locations')}
            initial={savedLocations}
          />
          <FormSearchPickerMany
            control={control}
            name="users"
            area="users"
            label={t('form.users')}
            initial={savedUsers}
          />
          {flag('active', t('form.active'))}
          {flag('card_on_file', t('form.cardOnFile'))}
        </>
      )}
    </>
  );
}
