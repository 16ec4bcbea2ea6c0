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
import {
  Alert,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import { type Control, Controller, type FieldErrors, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useLocationZones, useOrganizationZone } from '../../api/place';
import { FormDialog } from '../../components/FormDialog';
import { FormSearchPicker, FormTextField } from '../../components/form';
import { useEnumLabel } from '../../i18n/enums';
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
import { endDateInRange, paidAmount, refundSchema } from './transactionView';

interface OneProps {
  open: boolean;
  transaction: TTransaction;
  onClose: () => void;
}

/** The message of an object-level rule (zod path []), which react-hook-form keeps under '' or root. */
function formLevelError(errors: FieldErrors<FieldValues>): string | undefined {
  const byKey = errors as Record<string, { message?: unknown } | undefined>;
  const m = errors.root?.message ?? byKey['']?.message;
  return typeof m === 'string' ? m : undefined;
}

/** Resets a form to `values` each time its dialog opens. */
function useResetOnOpen<T>(open: boolean, reset: (values: T) => void, values: T) {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (open) reset(latest.current);
  }, [open, reset]);
}

type TStepIn = z.input<typeof ZServiceStepRequest>;
type TStepOut = z.output<typeof ZServiceStepRequest>;

/**
 * Charge (spec: operational §4 "charge: when in progress, for service", §5): the weight in the
 * price's unit; no weight counts as 1. Answers 'Transaction charged successfully'.
 */
export function ChargeDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const form = useForm<TStepIn, unknown, TStepOut>({
    resolver: zodResolver(ZServiceStepRequest),
    defaultValues: { step: 'charge', weight: '' },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { step: 'charge', weight: '' });
  const unit = t.price?.unit;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('charge.title')}
      form={form}
      onSubmit={(body) => serviceStep(t.id, body)}
      successMessage={translateMessage(M.charged)}
      invalidateKey={transactionsKey}
      submitText={tr('charge.submit')}
    >
      <Typography variant="body2">{t.invoice_id}</Typography>
      <FormTextField
        control={form.control}
        name="weight"
        label={unit ? tr('charge.weightIn', { unit }) : tr('charge.weight')}
        type="number"
        slotProps={{ htmlInput: { step: 'any', min: 0 } }}
        helperText={tr('charge.weightHelp')}
      />
    </FormDialog>
  );
}

/**
 * Dropoff (spec: operational §4 "dropoff: when awaiting service dropoff and not delivery"): the clean
 * laundry goes into an available door of the transaction's location (`id_device`).
 */
export function DropoffDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const form = useForm<TStepIn, unknown, TStepOut>({
    resolver: zodResolver(ZServiceStepRequest),
    defaultValues: { step: 'dropoff', id_device: '' },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { step: 'dropoff', id_device: '' });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('dropoff.title')}
      form={form}
      onSubmit={(body) => serviceStep(t.id, body)}
      successMessage={translateMessage(M.dropoff)}
      invalidateKey={transactionsKey}
      submitText={tr('dropoff.submit')}
    >
      <Typography variant="body2">
        {t.invoice_id}
        {t.location ? ` · ${t.location.name}` : ''}
      </Typography>
      {/* the location's available doors, searched on the server as typed */}
      <FormSearchPicker
        control={form.control as unknown as Control<{ id_device: string }>}
        name="id_device"
        area="devices"
        label={tr('dropoff.device')}
        filters={{ id_location: t.location?.id, by_status: 'available' }}
        required
      />
    </FormDialog>
  );
}

/**
 * Refund (spec: operational §4 "refund: when finished with total above 0", §5, §8): an amount up to
 * the paid amount, else "Refund amount cannot be greater than the paid amount." (the server agrees).
 */
export function RefundDialog({ open, transaction: t, onClose, currency }: OneProps & { currency: string }) {
  const { t: tr } = useTranslation('transactions');
  const paid = paidAmount(t);
  const schema = refundSchema(paid);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { amount: '' });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('refund.title')}
      form={form}
      onSubmit={(body) => refundTransaction(t.id, body)}
      successMessage={translateMessage(M.refunded)}
      invalidateKey={transactionsKey}
      submitText={tr('refund.submit')}
    >
      <Typography variant="body2">
        {t.invoice_id} · {tr('refund.paid', { amount: formatMoney(paid, currency) })}
      </Typography>
      <FormTextField
        control={form.control}
        name="amount"
        label={tr('refund.amount')}
        type="number"
        required
        slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
        helperText=" "
      />
    </FormDialog>
  );
}

/**
 * Penalty (spec: operational §4 "penalty: when finished, canceled or refunded", §5, §9): an amount and
 * a reason (missing items, damaged items, misconduct, other).
 */
export function PenaltyDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const label = useEnumLabel();
  const form = useForm<z.input<typeof ZPenalizeRequest>, unknown, z.output<typeof ZPenalizeRequest>>({
    resolver: zodResolver(ZPenalizeRequest),
    defaultValues: { amount: '', reason: '' as never },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { amount: '', reason: '' as never });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('penalty.title')}
      form={form}
      onSubmit={(body) => penalizeTransaction(t.id, body)}
      successMessage={translateMessage(M.penalized)}
      invalidateKey={transactionsKey}
      submitText={tr('penalty.submit')}
    >
      <Typography variant="body2">{t.invoice_id}</Typography>
      <FormTextField
        control={form.control}
        name="amount"
        label={tr('penalty.amount')}
        type="number"
        required
        slotProps={{ htmlInput: { step: '0.01', min: 0 } }}
        helperText=" "
      />
      <Controller
        control={form.control}
        name="reason"
        render={({ field }) => (
          <TextField
            select
            label={tr('penalty.reason')}
            {...field}
            value={field.value ?? ''}
            error={!!errors.reason}
            helperText={errors.reason?.message ? translateMessage(errors.reason.message) : ' '}
          >
            {PENALTY_REASONS.map((r) => (
              <MenuItem key={r} value={r}>
                {label('penaltyReason', r)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}

/** Share (spec: operational §7 `POST events/{id}/share`): a link to the public view by SMS or e-mail. */
export function ShareDialog({ open, transaction: t, onClose }: OneProps) {
  const { t: tr } = useTranslation('transactions');
  const form = useForm<z.input<typeof ZShareRequest>, unknown, z.output<typeof ZShareRequest>>({
    resolver: zodResolver(ZShareRequest),
    defaultValues: { phone_number: '', email: '' },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { phone_number: '', email: '' });
  const errors = form.formState.errors;
  const both = formLevelError(errors);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('share.title')}
      form={form}
      onSubmit={(body) => shareTransaction(t.id, body)}
      successMessage={translateMessage(M.shared)}
      invalidateKey={transactionsKey}
      submitText={tr('share.submit')}
    >
      <Typography variant="body2">{t.invoice_id}</Typography>
      {both ? <Alert severity="warning">{translateMessage(both)}</Alert> : null}
      <RecipientFields control={form.control} />
    </FormDialog>
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
  const first = channels[0];
  const form = useForm<z.input<typeof ZResendCodeRequest>, unknown, z.output<typeof ZResendCodeRequest>>({
    resolver: zodResolver(ZResendCodeRequest),
    defaultValues: { via: first },
  });
  const { reset } = form;
  useResetOnOpen(open, reset, { via: first });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tr('resend.title')}
      form={form}
      onSubmit={(body) => resendCode(t.id, body)}
      successMessage={translateMessage(M.codeSent)}
      invalidateKey={transactionsKey}
      submitText={tr('resend.submit')}
    >
      <Typography variant="body2">{t.invoice_id}</Typography>
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
    </FormDialog>
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
  const zoneOf = useLocationZones(open);
  const orgZone = useOrganizationZone();
  const zones = [...new Set(known.map((t) => zoneOf(t.location?.id)))];
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
