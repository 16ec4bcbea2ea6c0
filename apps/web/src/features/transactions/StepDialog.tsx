import { zodResolver } from '@hookform/resolvers/zod';
import type { TTransaction } from '@lockerops/contract';
import { Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { transactionsKey } from './hooks';

/** What every step dialog of one transaction is given by the page. */
export interface OneProps {
  open: boolean;
  transaction: TTransaction;
  onClose: () => void;
}

/** Resets a form to `values` each time its dialog opens. */
export function useResetOnOpen<T>(open: boolean, reset: (values: T) => void, values: T) {
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (open) reset(latest.current);
  }, [open, reset]);
}

/**
 * One life-cycle step of a transaction as a dialog (spec operational §4 actions, §5): the step's
 * request schema (`schema`, the contract's, so the form and the server agree), the values it opens
 * with each time (`defaults`), the call (`submit`), the spec's success message, and its fields
 * (`fields`, given the form). The invoice id heads the dialog (with `subtitle` beside it); the
 * transactions list refreshes after the step.
 */
export function StepDialog<S extends z.ZodType<FieldValues, FieldValues>>({
  open,
  onClose,
  transaction,
  subtitle,
  heading,
  title,
  submitText,
  cancelText,
  destructive,
  schema,
  defaults,
  submit,
  successMessage,
  fields,
}: {
  open: boolean;
  onClose: () => void;
  transaction: TTransaction;
  subtitle?: string;
  /** replaces the invoice line at the head (a question naming the transaction) */
  heading?: ReactNode;
  title: string;
  submitText: string;
  /** the closing button's text (a destructive step's "Keep …") */
  cancelText?: string;
  destructive?: boolean;
  schema: S;
  defaults: z.input<S>;
  submit: (body: z.output<S>) => Promise<unknown>;
  successMessage: string;
  fields: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
}) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // zodResolver's overloads cannot name a generic schema's input and output
    resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues: defaults as DefaultValues<z.input<S>>,
  });
  useResetOnOpen(open, form.reset as (v: z.input<S>) => void, defaults);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      form={form}
      onSubmit={submit}
      successMessage={successMessage}
      invalidateKey={transactionsKey}
      submitText={submitText}
      cancelText={cancelText}
      destructive={destructive}
    >
      {heading ?? (
        <Typography variant="body2">
          {transaction.invoice_id}
          {subtitle ? ` · ${subtitle}` : ''}
        </Typography>
      )}
      {fields(form)}
    </FormDialog>
  );
}
