import { zodResolver } from '@hookform/resolvers/zod';
import {
  codeChannelsOf,
  isActionAllowed,
  TRANSACTION_MESSAGES as M,
  PENALTY_REASONS,
  type TTransaction,
  ZEndManyRequest,
  ZPenalizeRequest,
  ZResendCodeRequest,
  ZServiceStepRequest,
  ZShareRequest,
} from '@lockerops/contract';
import { Alert, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useEffect } from 'react';
import { type Control, Controller, type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useOrganizationZone, usePlaceZone } from '../../api/place';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker, FormSelect, FormTextField } from '../../components/form';
import { translateMessage } from '../../i18n/messages';
import { formatMoney, zoneLabel } from '../../lib/format';
import { wallClockNow, wallClockSecondsToIso } from '../../lib/time';
import {
  endTransactions,
  penalizeTransaction,
  refundTransaction,
  resendCode,
  serviceStep,
  shareTransaction,
  transactionsKey,
} from './hooks';
import { RecipientFields } from './RecipientFields';
import { type OneProps, StepDialog } from './StepDialog';
import { endDateInRange, paidAmount, refundSchema } from './transactionView';

/** The message of an object-level rule (zod path []), which react-hook-form keeps under '' or root. */
function formLevelError(errors: FieldErrors<FieldValues>): string | undefined {
  const byKey = errors as Record<string, { message?: unknown } | undefined>;
  const m = errors.root?.message ?? byKey['']?.message;
  return typeof m === 'string' ? m : undefined;
}

/**
 * Charge (spec: operational §4 "charge: when in progress, for service", §5): the weight in the
 * price's unit; no weight counts as 1. Answers 'Transaction charged successfully'.
 */
export function ChargeDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const unit = t.price?.unit;
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      title={tr('charge.title')}
      submitText={tr('charge.submit')}
      schema={ZServiceStepRequest}
      defaults={{ step: 'charge', weight: '' }}
      submit={(body) => serviceStep(t.id, body)}
      successMessage={translateMessage(M.charged)}
      fields={(form) => (
        <FormTextField
          control={form.control}
          name="weight"
          label={unit ? tr('charge.weightIn', { unit }) : tr('charge.weight')}
          type="number"
          slotProps={{ htmlInput: { step: 'any', min: 0 } }}
          helperText={tr('charge.weightHelp')}
        />
      )}
    />
  );
}

/**
 * Dropoff (spec: operational §4 "dropoff: when awaiting service dropoff and not delivery"): the clean
 * laundry goes into an available door of the transaction's location (`id_device`).
 */
export function DropoffDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      subtitle={t.location?.name}
      title={tr('dropoff.title')}
      submitText={tr('dropoff.submit')}
      schema={ZServiceStepRequest}
      defaults={{ step: 'dropoff', id_device: '' }}
      submit={(body) => serviceStep(t.id, body)}
      successMessage={translateMessage(M.dropoff)}
      fields={(form) => (
        // the location's available doors, searched on the server as typed
        <FormSearchPicker
          control={form.control as unknown as Control<{ id_device: string }>}
          name="id_device"
          area="devices"
          label={tr('dropoff.device')}
          filters={{ id_location: t.location?.id, by_status: 'available' }}
          required
        />
      )}
    />
  );
}

/**
 * Refund (spec: operational §4 "refund: when finished with total above 0", §5, §8): an amount up to
 * the paid amount, else "Refund amount cannot be greater than the paid amount." (the server agrees).
 */
export function RefundDialog({ open, transaction: t, onClose, currency }: OneProps & { currency: string }) {
  const { t: tr } = useTranslation('transactions');
  const paid = paidAmount(t);
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      subtitle={tr('refund.paid', { amount: formatMoney(paid, currency) })}
      title={tr('refund.title')}
      submitText={tr('refund.submit')}
      schema={refundSchema(paid)}
      defaults={{ amount: '' }}
      submit={(body) => refundTransaction(t.id, body)}
      successMessage={translateMessage(M.refunded)}
      fields={(form) => (
        <FormTextField
          control={form.control}
          name="amount"
          label={tr('refund.amount')}
          type="number"
          required
          slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
          helperText=" "
        />
      )}
    />
  );
}

/**
 * Penalty (spec: operational §4 "penalty: when finished, canceled or refunded", §5, §9): an amount and
 * a reason (missing items, damaged items, misconduct, other).
 */
export function PenaltyDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      title={tr('penalty.title')}
      submitText={tr('penalty.submit')}
      schema={ZPenalizeRequest}
      defaults={{ amount: '', reason: '' as never }}
      submit={(body) => penalizeTransaction(t.id, body)}
      successMessage={translateMessage(M.penalized)}
      fields={(form) => (
        <>
          <FormTextField
            control={form.control}
            name="amount"
            label={tr('penalty.amount')}
            type="number"
            required
            slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
            helperText=" "
          />
          <FormSelect
            control={form.control}
            name="reason"
            label={tr('penalty.reason')}
            helperText=" "
            group="penaltyReason"
            values={PENALTY_REASONS}
          />
        </>
      )}
    />
  );
}

/** Share (spec: operational §7 `POST events/{id}/share`): a link to the public view by SMS or e-mail. */
export function ShareDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      title={tr('share.title')}
      submitText={tr('share.submit')}
      schema={ZShareRequest}
      defaults={{ phone_number: '', email: '' }}
      submit={(body) => shareTransaction(t.id, body)}
      successMessage={translateMessage(M.shared)}
      fields={(form) => {
        const both = formLevelError(form.formState.errors);
        return (
          <>
            {both ? <Alert severity="warning">{translateMessage(both)}</Alert> : null}
            <RecipientFields control={form.control} />
          </>
        );
      }}
    />
  );
}

/**
 * Resend Code (spec: operational §4 "resend code by e-mail or SMS: when awaiting user pickup, for
 * delivery"): the operator picks the channel; both are offered when the delivery has a phone and
 * an e-mail, else the one it has. Answers 'The code has been sent'.
 */
export function ResendCodeDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const channels = codeChannelsOf(t);
  return (
    <StepDialog
      {...{ open, onClose, transaction: t }}
      title={tr('resend.title')}
      submitText={tr('resend.submit')}
      schema={ZResendCodeRequest}
      defaults={{ via: channels[0] }}
      submit={(body) => resendCode(t.id, body)}
      successMessage={translateMessage(M.codeSent)}
      fields={(form) => (
        <>
          <FormLabel id="resend-via">{tr('resend.sendBy')}</FormLabel>
          <Controller
            control={form.control}
            name="via"
            render={({ field }) => (
              <RadioGroup
                aria-labelledby="resend-via"
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
              >
                {channels.map((c) => (
                  <FormControlLabel
                    key={c}
                    value={c}
                    control={<Radio />}
                    label={tr('resend.option', {
                      channel: tr(`resend.${c}`),
                      address: c === 'sms' ? t.phone_number : t.email,
                    })}
                  />
                ))}
              </RadioGroup>
            )}
          />
        </>
      )}
    />
  );
}

type TEndIn = z.input<typeof ZEndManyRequest>;
type TEndOut = z.output<typeof ZEndManyRequest>;

/**
 * End one or many (spec: operational §4 "end: when not finished, canceled or refunded", §5 "end date
 * must lie between start and now", §8): `PATCH events` with the ids and the end date (default now).
 * `transactions` are the rows known to the page: any already ended gives the spec's message at once.
 */
export function EndDialog({
  open,
  ids,
  transactions,
  onClose,
  onEnded,
}: {
  open: boolean;
  ids: readonly string[];
  transactions: readonly TTransaction[];
  onClose: () => void;
  onEnded?: () => void;
}) {
  const { t: tr } = useTranslation('transactions');
  const known = transactions.filter((t) => ids.includes(t.id));
  // typed on the wall clock of the transactions' location (the organization's when they differ)
  const zoneOf = usePlaceZone();
  const orgZone = useOrganizationZone();
  const zones = [...new Set(known.map((t) => zoneOf(t.location?.time_zone)))];
  const zone = zones.length === 1 ? zones[0]! : orgZone;
  const inZone = z.preprocess(
    (v) =>
      v && typeof v === 'object' && typeof (v as TEndIn).ended_at === 'string'
        ? { ...v, ended_at: wallClockSecondsToIso((v as { ended_at: string }).ended_at, zone) }
        : v,
    ZEndManyRequest,
    // the same input and output as the request: only the typed wall clock is read in the zone
  ) as unknown as typeof ZEndManyRequest;
  const schema = inZone
    .refine(() => known.every((t) => isActionAllowed('end', t)), {
      message: M.alreadyEnded,
      path: ['ids'],
    })
    .refine(
      (v) =>
        !v.ended_at ||
        endDateInRange(
          v.ended_at,
          known.map((t) => t.started_at ?? t.created_at),
        ),
      { message: M.endDateRange, path: ['ended_at'] },
    );
  const form = useForm<TEndIn, unknown, TEndOut>({
    resolver: zodResolver(schema),
    defaultValues: { ids: [...ids], ended_at: wallClockNow(zone) },
  });
  const { reset } = form;
  const idList = ids.join(',');
  useEffect(() => {
    if (open) reset({ ids: idList ? idList.split(',') : [], ended_at: wallClockNow(zone) });
  }, [open, idList, reset, zone]);
  const errors = form.formState.errors;
  const single = known.length === 1 && ids.length === 1 ? known[0] : undefined;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('end.title')}
      form={form}
      onSubmit={async (body) => {
        const r = await endTransactions(body);
        onEnded?.();
        return r;
      }}
      successMessage={translateMessage(M.ended)}
      invalidateKey={transactionsKey}
      submitText={tr('end.submit')}
    >
      <Typography variant="body2">
        {single ? single.invoice_id : tr('end.selected', { count: ids.length })}
      </Typography>
      {errors.ids?.message ? <Alert severity="error">{translateMessage(errors.ids.message)}</Alert> : null}
      <FormTextField
        control={form.control}
        name="ended_at"
        label={tr('end.date')}
        type="datetime-local"
        slotProps={{ htmlInput: { step: 1 }, inputLabel: { shrink: true } }}
        helperText={tr('end.dateHelpZone', { zone: zoneLabel(zone) })}
      />
    </FormDialog>
  );
}
