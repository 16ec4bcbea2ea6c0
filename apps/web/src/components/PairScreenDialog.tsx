import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../api/errors';
import { usePairScreen } from '../api/kiosks';
import { formatDateTime } from '../lib/format';
import { SearchFilterField } from './DataTable';

export interface PairScreenDialogProps {
  open: boolean;
  onClose: () => void;
  /** the place the screen will serve, when the caller has chosen it (the Locker Wall page) */
  place?: { id: string; name: string };
  /** the wall the screen stands at, within `place` */
  wallId?: string;
}

/**
 * "Pair a screen" (README: The screen at the wall): the place (chosen here among the organization's
 * own locations, searched on the server as typed, or given by the Locker Wall page with its wall)
 * and the name the screen is listed under; then the one-time pairing code,
 * shown this once with the time it must be typed on the tablet at /kiosk by. Admins only (the
 * server refuses others).
 */
export function PairScreenDialog({ open, onClose, place, wallId }: PairScreenDialogProps) {
  const { t } = useTranslation('kiosks');
  const pair = usePairScreen();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const placeId = place?.id ?? chosen;
  const close = () => {
    setCode(null);
    setError(null);
    setName('');
    onClose();
  };
  const submit = async () => {
    setError(null);
    try {
      const r = await pair.mutateAsync({ id_location: placeId, id_locker_wall: wallId ?? null, name });
      setCode({ code: r.code, expiresAt: r.expires_at });
    } catch (e) {
      setError(formatApiError(e));
    }
  };

  if (code)
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>{t('pairingCode')}</DialogTitle>
        <DialogContent>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontFamily: 'monospace', my: 2 }}
            data-testid="shown-code"
          >
            {code.code}
          </Typography>
          <Typography>{t('pairingHint', { when: formatDateTime(code.expiresAt) })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>{t('pair')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {place ? (
            <TextField label={t('place')} value={place.name} slotProps={{ input: { readOnly: true } }} />
          ) : (
            <SearchFilterField
              filter={{
                key: 'id_location',
                kind: 'search',
                area: 'ownLocations',
                label: t('place'),
                required: true,
                size: 'medium',
              }}
              value={chosen}
              onChange={(id) => setChosen(id ?? '')}
            />
          )}
          <TextField required label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!placeId || !name.trim() || pair.isPending} onClick={submit}>
          {t('makeCode')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
