import type { Endpoint } from '@lockerops/contract';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { apiCall, type ListCalls } from '../../api/client';
import { FormDialog } from '../FormDialog';
import type { FormDialogProps, FormDialogTab } from '../FormDialog/FormDialog';
import { useDialogForm } from '../form';
import { HistoryLog, type HistoryLogProps } from '../HistoryLog';

/** The calls of an area's Add/Edit dialog: `create`, `update`, and `upload` for its Bulk Upload tab. */
export type ResourceCalls = ListCalls & { create: Endpoint; update: Endpoint };

/** The validated form's body as sent: JSON as is, or a multipart FormData. */
type Body = unknown;

/**
 * `POST {endpoint}` (no id) or `PUT {endpoint}/{id}` with `body`; answers the saved row, checked
 * against the endpoint's response schema.
 */
export function saveResource(endpoint: ResourceCalls, id: string | undefined, body: Body): Promise<unknown> {
  const call = apiCall as (e: Endpoint, options: { params?: { id: string }; body: Body }) => Promise<unknown>;
  return id ? call(endpoint.update, { params: { id }, body }) : call(endpoint.create, { body });
}

export interface ResourceFormDialogProps<R extends { id: string }, TIn extends FieldValues, TOut>
  extends Pick<FormDialogProps<TIn, TOut>, 'serverErrorText' | 'formTabLabel'> {
  open: boolean;
  /** the row being edited; null adds one */
  row: R | null;
  /** admins adding also get the Bulk Upload tab (spec operational §1, §2) */
  isAdmin?: boolean;
  onClose: () => void;
  /** the dialog's title when adding and when editing (e.g. 'Add Size' / 'Edit Size') */
  title: { add: string; edit: string };
  /** the contract's request schema: the form checks what the server checks */
  schema: z.ZodType<TOut, TIn>;
  /** the form's values for a row, or blank ones for `null`; keep it stable (module level) */
  valuesOf: (row: R | null) => TIn;
  /** the area's calls from the contract's endpoint map */
  endpoint: ResourceCalls;
  /** the body sent from the validated values (e.g. a multipart FormData); default the values */
  body?: (values: TOut) => Body;
  /** the area's own save, where it is more than one call; default `create` or `update` */
  save?: (id: string | undefined, values: TOut) => Promise<unknown>;
  /** the contract's messages of a row created and updated */
  messages: { created: string; updated: string };
  /** the list's query key, refreshed after a save or an upload */
  invalidateKey: QueryKey;
  /** the area's CSV headers: admins adding get the Bulk Upload tab (with "Validate only") */
  csvHeaders?: readonly string[];
  /** the Bulk Upload template's file name; default `<list path>_template.csv` */
  templateName?: string;
  /**
   * the History Log tab when editing: its label and the audit entity (with its fields' labels), or
   * the area's own timeline of the row
   */
  history?: { label: string } & (Omit<HistoryLogProps, 'id'> | { render: (row: R) => ReactNode });
  /** keeps the submit disabled, e.g. until the form's required choices are made (read with `watch`) */
  submitDisabled?: (form: UseFormReturn<TIn, unknown, TOut>) => boolean;
  /** the fields, given the dialog's form */
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
}

/** The History Log tab of a row being edited. */
function historyTabOf<R extends { id: string }>(
  history: NonNullable<ResourceFormDialogProps<R, FieldValues, unknown>['history']>,
  row: R,
): FormDialogTab {
  if ('render' in history) return { label: history.label, content: history.render(row) };
  const { label, ...log } = history;
  return { label, content: <HistoryLog {...log} id={row.id} /> };
}

/**
 * The Add/Edit dialog of an area declared from the contract (CONTRIBUTING.md "Conventions"): a form
 * validated by the request schema and reset to `valuesOf(row)` on every opening, saved by the
 * endpoint map's `create` or `update`, the area's created/updated message, the list refreshed; a
 * Bulk Upload tab for admins adding, a History Log tab when editing. The area declares its fields.
 */
export function ResourceFormDialog<R extends { id: string }, TIn extends FieldValues, TOut>(
  props: ResourceFormDialogProps<R, TIn, TOut>,
) {
  const { open, row, isAdmin = false, onClose, endpoint, history, csvHeaders } = props;
  const form = useDialogForm(props.schema, props.valuesOf, row, open);
  const editing = !!row;
  const submit = (values: TOut) =>
    props.save
      ? props.save(row?.id, values)
      : saveResource(endpoint, row?.id, props.body ? props.body(values) : values);

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? props.title.edit : props.title.add}
      form={form}
      onSubmit={submit}
      successMessage={editing ? props.messages.updated : props.messages.created}
      invalidateKey={props.invalidateKey}
      formTabLabel={props.formTabLabel}
      submitDisabled={props.submitDisabled?.(form)}
      serverErrorText={props.serverErrorText}
      bulkUpload={
        isAdmin && !editing && csvHeaders
          ? { endpoint, headers: csvHeaders, templateName: props.templateName, allowDryRun: true }
          : undefined
      }
      extraTabs={row && history ? [historyTabOf(history, row)] : []}
    >
      {props.children(form)}
    </FormDialog>
  );
}
