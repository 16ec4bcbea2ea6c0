import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
} from '@mui/material';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, formatApiError } from '../../api/errors';
import { translateMessage } from '../../i18n/messages';
import { BulkUpload, type BulkUploadProps } from '../BulkUpload';

export interface FormDialogTab {
  label: string;
  content: ReactNode;
  /** Shown but not selectable (e.g. a location's "Settings" while it is being created). */
  disabled?: boolean;
}

export interface FormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  onClose: () => void;
  /** e.g. 'Add Size' / 'Edit Size' */
  title: string;
  /** the area's form (useForm + zodResolver of the contract's request schema; CONTRIBUTING.md "Conventions") */
  form: UseFormReturn<TIn, unknown, TOut>;
  /** the call; reject to show 'Something went wrong! ' + detail in the dialog */
  onSubmit: (values: TOut) => Promise<unknown>;
  /**
   * spec §8 text shown after a successful submit (e.g. 'Size created successfully'), or a function
   * of what `onSubmit` resolved to (e.g. 'Notification created, but image upload failed.')
   */
  successMessage: string | ((result: unknown) => string);
  /** invalidated after a successful submit or upload (the list refreshes) */
  invalidateKey?: QueryKey;
  /** the fields of the individual form */
  children: ReactNode;
  /** label of the form's tab; 'Individual Upload' when the Bulk Upload tab is shown */
  formTabLabel?: string;
  /** adds the "Bulk Upload" tab: pass it only for admins creating (spec operational §1, §2) */
  bulkUpload?: Omit<BulkUploadProps, 'invalidateKey'>;
  /** further tabs of edit mode, e.g. { label: 'History Log', content: <HistoryLog … /> } */
  extraTabs?: readonly FormDialogTab[];
  /** default: "Save" in the reader's language */
  submitText?: string;
  /** the closing button's text; default "Cancel" (a form) or "Close" */
  cancelText?: string;
  /** the submit removes, stops or cannot be undone: drawn in the error colour */
  destructive?: boolean;
  /** keeps the submit button disabled (a form whose required choices are not all made) */
  submitDisabled?: boolean;
  /** the text for a server failure (5xx) where the spec names one, e.g. 'An internal error occurred' */
  serverErrorText?: string;
}

/**
 * The create/edit dialog of every area (spec operational §2 create dialogs, §8). Validation runs in the
 * caller's react-hook-form; a valid submit calls `onSubmit`, shows `successMessage`, refreshes
 * `invalidateKey` and closes; a failure keeps the dialog open with the formatted error, announced (an
 * alert) and scrolled into sight. With `bulkUpload` the tabs are "Individual Upload" and "Bulk Upload"; `extraTabs` add e.g. a history tab.
 */
export function FormDialog<TIn extends FieldValues, TOut>({
  open,
  onClose,
  title,
  form,
  onSubmit,
  successMessage,
  invalidateKey,
  children,
  formTabLabel,
  bulkUpload,
  extraTabs = [],
  submitText,
  cancelText,
  destructive = false,
  submitDisabled = false,
  serverErrorText,
}: FormDialogProps<TIn, TOut>) {
  const [tab, setTab] = useState(0);
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (open) {
      setTab(0);
      setError(null);
    }
  }, [open]);

  // A failed submit's message is an alert (role="alert", read out when it appears) at the top of the
  // form: brought into sight, as a long form on a phone's full-screen dialog is scrolled to its end.
  // A layout effect: the scroll happens in the commit that shows the alert, before the next paint.
  const errorRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const tabs: FormDialogTab[] = [
    { label: formTabLabel ?? (bulkUpload ? t('form.individualUpload') : title), content: null },
    ...(bulkUpload ? [{ label: t('form.bulkUpload'), content: null }] : []),
    ...extraTabs,
  ];
  const showTabs = tabs.length > 1;
  const isForm = tab === 0;
  const isBulk = !!bulkUpload && tab === 1;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const result = await onSubmit(values);
      const message = typeof successMessage === 'function' ? successMessage(result) : successMessage;
      // a server's answer (`detail`) or a contract text: in the console's language
      enqueueSnackbar(translateMessage(message), { variant: 'success' });
      if (invalidateKey) void queryClient.invalidateQueries({ queryKey: invalidateKey });
      onClose();
    } catch (e) {
      setError(
        serverErrorText && e instanceof ApiError && e.status >= 500 ? serverErrorText : formatApiError(e),
      );
    }
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      {showTabs ? (
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ px: 3 }}>
          {tabs.map((t) => (
            <Tab key={t.label} label={t.label} disabled={t.disabled} />
          ))}
        </Tabs>
      ) : null}
      <DialogContent>
        {isForm ? (
          <Box
            component="form"
            id="form-dialog-form"
            noValidate
            onSubmit={(e) => void submit(e)}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
          >
            {error ? (
              <Alert ref={errorRef} severity="error">
                {error}
              </Alert>
            ) : null}
            {children}
          </Box>
        ) : isBulk && bulkUpload ? (
          <BulkUpload {...bulkUpload} invalidateKey={invalidateKey} />
        ) : (
          extraTabs[tab - (bulkUpload ? 2 : 1)]?.content
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelText ?? (isForm ? t('button.cancel') : t('button.close'))}</Button>
        {isForm ? (
          <Button
            type="submit"
            form="form-dialog-form"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={form.formState.isSubmitting || submitDisabled}
          >
            {submitText ?? t('button.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
