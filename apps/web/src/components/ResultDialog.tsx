import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import EmojiPeopleOutlined from '@mui/icons-material/EmojiPeopleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Dialog types of spec console §8. */
export type TResultType = 'success' | 'error' | 'warning' | 'info' | 'welcome';

const LOOK = {
  success: { key: 'success', Icon: CheckCircleOutlined, color: 'success.main' },
  error: { key: 'error', Icon: ErrorOutlined, color: 'error.main' },
  warning: { key: 'warning', Icon: WarningAmberOutlined, color: 'warning.main' },
  info: { key: 'info', Icon: InfoOutlined, color: 'info.main' },
  welcome: { key: 'welcome', Icon: EmojiPeopleOutlined, color: 'primary.main' },
} as const;

export interface ResultDialogProps {
  open: boolean;
  /** without a type the message is shown plainly (spec §8: a failed own-organization fetch) */
  type?: TResultType;
  title?: string;
  message: ReactNode;
  buttonText?: string;
  onClose: () => void;
}

export function ResultDialog({ open, type, title, message, buttonText, onClose }: ResultDialogProps) {
  const look = type ? LOOK[type] : null;
  const { t } = useTranslation();
  const heading = title ?? (look ? t(`result.${look.key}`) : undefined);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-describedby="result-dialog-message">
      {heading ? <DialogTitle>{heading}</DialogTitle> : null}
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          {look ? <look.Icon sx={{ color: look.color, fontSize: 40 }} /> : null}
          <Typography id="result-dialog-message">{message}</Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {buttonText ?? t('button.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface ShownResult extends Omit<ResultDialogProps, 'open' | 'onClose'> {
  onClose?: () => void;
}

const ResultDialogContext = createContext<((r: ShownResult) => void) | null>(null);

/** One result dialog for the whole console: `const showResult = useResultDialog()`. */
export function ResultDialogProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownResult | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((r: ShownResult) => {
    setCurrent(r);
    setOpen(true);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ResultDialogContext.Provider value={value}>
      {children}
      {current ? (
        <ResultDialog
          {...current}
          open={open}
          onClose={() => {
            setOpen(false);
            current.onClose?.();
          }}
        />
      ) : null}
    </ResultDialogContext.Provider>
  );
}

export function useResultDialog(): (r: ShownResult) => void {
  const ctx = useContext(ResultDialogContext);
  if (!ctx) throw new Error('useResultDialog outside ResultDialogProvider');
  return ctx;
}
