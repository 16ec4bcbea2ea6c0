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
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** when set, the user must type this exact phrase before confirming (spec console §5) */
  confirmPhrase?: string;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title = 'Confirm',
  message,
  confirmText = 'Yes',
  cancelText = 'No',
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
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
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
        <Button onClick={close}>{cancelText}</Button>
        <Button
          variant="contained"
          disabled={blocked}
          onClick={() => {
            setTyped('');
            onConfirm();
          }}
        >
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
