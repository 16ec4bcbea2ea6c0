import { type TSettingsRequest, ZSettingsRequest } from '@lockerops/contract';
import { Box } from '@mui/material';
import { createContext, type ReactNode, useContext } from 'react';
import { formatApiError } from '../../api/errors';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import { useSaveSettings } from './hooks';

/** Saves organization settings (`PUT settings`) and shows `successText`, or the reason it failed. */
export function useSave(successText: string) {
  const save = useSaveSettings();
  const showResult = useResultDialog();
  const run = async (body: TSettingsRequest, after?: () => void) => {
    const parsed = ZSettingsRequest.safeParse(body);
    if (!parsed.success) {
      showResult({
        type: 'error',
        message: parsed.error.issues.map((i) => translateMessage(i.message)).join(', '),
      });
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

/**
 * Whether the settings are shown read-only: a member reads them (the server saves an admin's
 * changes only), with every field disabled and no Save.
 */
export const SettingsReadOnly = createContext(false);
export const useSettingsReadOnly = () => useContext(SettingsReadOnly);

/** The Save row at the foot of a settings tab; none when the settings are read-only. */
export function Actions({ children }: { children: ReactNode }) {
  const readOnly = useSettingsReadOnly();
  if (readOnly) return null;
  return <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>{children}</Box>;
}
