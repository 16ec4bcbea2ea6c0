import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  /** default: "Confirm" in the reader's language */
  title?: string;
  message: string;
  /** the thing acted on (a wall's name, an invoice), shown in bold under the question */
  objectName?: string;
  /** default: "Yes" in the reader's language */
  confirmText?: string;
  /** default: "No" in the reader's language */
  cancelText?: string;
  /** an action that removes, stops or cannot be undone: its button is drawn in the error colour */
  destructive?: boolean;
  /** when set, the user must type this exact phrase before confirming (spec console §5) */
  confirmPhrase?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question before an action. A destructive one names its object (`objectName`) and draws its
 * confirm button in the error colour, so the safe choice is never the one that looks primary.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  objectName,
  confirmText,
  cancelText,
  destructive = false,
  confirmPhrase,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const { t } = useTranslation();
  const blocked = loading || (confirmPhrase !== undefined && typed !== confirmPhrase);
  const close = () => {
    setTyped('');
    onCancel();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth>
      <DialogTitle>{title ?? t('button.confirm')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
        {objectName ? (
          <DialogContentText
            sx={{ mt: 1, fontWeight: 'bold', overflowWrap: 'anywhere' }}
            data-testid="confirm-object"
          >
            {objectName}
          </DialogContentText>
        ) : null}
        {confirmPhrase !== undefined ? (
          <TextField
            sx={{ mt: 2 }}
            label={t('confirm.typeToConfirm', { phrase: confirmPhrase })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{cancelText ?? t('button.no')}</Button>
        <Button
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          disabled={blocked}
          onClick={() => {
            setTyped('');
            onConfirm();
          }}
        >
          {confirmText ?? t('button.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
