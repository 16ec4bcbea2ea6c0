import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form of an Add/Edit dialog: validated by the contract's request schema (the console's form
 * checks what the server checks), and reset to `valuesOf(entity)` — the row edited, or `null` for
 * a new one — whenever the dialog opens, and when the row changes while it is open.
 */
export function useDialogForm<TIn extends FieldValues, TOut, TEntity>(
  schema: z.ZodType<TOut, TIn>,
  valuesOf: (entity: TEntity) => TIn,
  entity: TEntity,
  open: boolean,
) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(entity) as DefaultValues<TIn>,
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(valuesOf(entity));
  }, [open, entity, reset, valuesOf]);
  return form;
}
