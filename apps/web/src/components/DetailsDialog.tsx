import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** One labelled value of a details view; an empty value shows as "—". */
export interface DetailsRow {
  label: string;
  value: ReactNode;
}

export interface DetailsDialogProps {
  open: boolean;
  /** e.g. "Device Details", "Location Details" (spec operational §2) */
  title: string;
  rows: DetailsRow[];
  onClose: () => void;
  /** shows an Edit button (admins) that calls it */
  onEdit?: () => void;
  /** more content under the values (e.g. a device's unlock timeline) */
  children?: ReactNode;
}

const empty = (v: ReactNode) => v === null || v === undefined || v === '';

/**
 * A read-only view of one record: labelled values and Close, plus Edit for those who may edit
 * (spec operational §2 "Device Details", "Location Details").
 */
export function DetailsDialog({ open, title, rows, onClose, onEdit, children }: DetailsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
          {rows.map((r) => (
            <Box key={r.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {r.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {empty(r.value) ? '—' : r.value}
              </Typography>
            </Box>
          ))}
        </Box>
        {children}
      </DialogContent>
      <DialogActions>
        {onEdit ? (
          <Button variant="contained" onClick={onEdit}>
            {t('button.edit')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('button.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
