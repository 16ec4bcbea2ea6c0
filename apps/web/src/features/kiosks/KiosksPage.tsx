import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { PageTitle } from '../../components/PageTitle';
import { formatDateTime } from '../../lib/format';
import {
  useCourierCode,
  useCouriersQuery,
  useKiosksQuery,
  useLocationChoices,
  usePairScreen,
  useRemoveCourier,
  useRevokeScreen,
} from './hooks';

/** A code shown once: what it is for, the code itself, until when. */
type Shown = { title: string; code: string; hint: string };

/**
 * /kiosks: the screens at the walls (place, state, online, last seen, app version) with "Pair a
 * screen" (a one-time code typed on the tablet at /kiosk) and revoke; and the couriers with their
 * codes, shown once when made or replaced (README: The screen at the wall).
 */
export function KiosksPage() {
  const { t } = useTranslation('kiosks');
  const kiosks = useKiosksQuery();
  const couriers = useCouriersQuery();
  const locations = useLocationChoices();
  const pair = usePairScreen();
  const revoke = useRevokeScreen();
  const courierCode = useCourierCode();
  const removeCourier = useRemoveCourier();
  const [pairing, setPairing] = useState(false);
  const [place, setPlace] = useState('');
  const [name, setName] = useState('');
  const [courierName, setCourierName] = useState('');
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : t('never'));

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(formatApiError(e));
    }
  };

  return (
    <Box sx={{ minWidth: 0, maxWidth: '100%', overflowX: 'auto' }}>
      <PageTitle
        title={t('title')}
        actions={
          <Button variant="contained" onClick={() => setPairing(true)}>
            {t('pair')}
          </Button>
        }
      />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Card sx={{ mb: 2, maxWidth: '100%' }}>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('screens')}
          </Typography>
          <TableContainer sx={{ maxWidth: '100%' }}>
            <Table size="small" aria-label={t('screens')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('place')}</TableCell>
                  <TableCell>{t('state')}</TableCell>
                  <TableCell>{t('lastSeen')}</TableCell>
                  <TableCell>{t('version')}</TableCell>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{
                        position: 'absolute',
                        width: '1px',
                        height: '1px',
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {t('actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(kiosks.data?.items ?? []).map((k) => (
                  <TableRow key={k.id}>
                    <TableCell>{k.name}</TableCell>
                    <TableCell>
                      {k.locker_wall_name ? `${k.location_name} · ${k.locker_wall_name}` : k.location_name}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={k.online ? 'success' : 'default'}
                        label={k.state === 'paired' ? t(k.online ? 'online' : 'offline') : t(k.state)}
                      />
                    </TableCell>
                    <TableCell>{when(k.last_seen_at)}</TableCell>
                    <TableCell>{k.app_version ?? '—'}</TableCell>
                    <TableCell align="right">
                      {k.state !== 'revoked' && (
                        <Button
                          color="error"
                          onClick={() => run(async () => void (await revoke.mutateAsync(k.id)))}
                        >
                          {t('revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {kiosks.data?.items.length === 0 && <Typography sx={{ mt: 1 }}>{t('noScreens')}</Typography>}
        </CardContent>
      </Card>
      <Card sx={{ maxWidth: '100%' }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography component="h2" variant="h6">
              {t('couriers')}
            </Typography>
            <Button variant="outlined" onClick={() => setAdding(true)}>
              {t('addCourier')}
            </Button>
          </Stack>
          <TableContainer sx={{ maxWidth: '100%' }}>
            <Table size="small" aria-label={t('couriers')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('lastUsed')}</TableCell>
                  <TableCell>
                    <Box
                      component="span"
                      sx={{
                        position: 'absolute',
                        width: '1px',
                        height: '1px',
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {t('actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(couriers.data?.items ?? []).map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{when(c.last_used_at)}</TableCell>
                    <TableCell align="right">
                      <Button
                        onClick={() =>
                          run(async () => {
                            const r = await courierCode.mutateAsync({ id: c.id });
                            setShown({
                              title: t('courierCode', { name: r.name }),
                              code: r.code,
                              hint: t('courierHint'),
                            });
                          })
                        }
                      >
                        {t('newCode')}
                      </Button>
                      <Button
                        color="error"
                        onClick={() => run(async () => void (await removeCourier.mutateAsync(c.id)))}
                      >
                        {t('remove')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </CardContent>
      </Card>

      <Dialog open={pairing} onClose={() => setPairing(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('pair')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField select label={t('place')} value={place} onChange={(e) => setPlace(e.target.value)}>
              {(locations.data?.items ?? []).map((l) => (
                <MenuItem key={l.id} value={l.id}>
                  {l.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={t('name')} value={name} onChange={(e) => setName(e.target.value)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPairing(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!place || !name.trim()}
            onClick={() =>
              run(async () => {
                const r = await pair.mutateAsync({ id_location: place, name });
                setPairing(false);
                setName('');
                setShown({
                  title: t('pairingCode'),
                  code: r.code,
                  hint: t('pairingHint', { when: formatDateTime(r.expires_at) }),
                });
              })
            }
          >
            {t('makeCode')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('addCourier')}</DialogTitle>
        <DialogContent>
          <TextField
            sx={{ mt: 1 }}
            fullWidth
            label={t('name')}
            value={courierName}
            onChange={(e) => setCourierName(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAdding(false)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={!courierName.trim()}
            onClick={() =>
              run(async () => {
                const r = await courierCode.mutateAsync({ name: courierName });
                setAdding(false);
                setCourierName('');
                setShown({ title: t('courierCode', { name: r.name }), code: r.code, hint: t('courierHint') });
              })
            }
          >
            {t('addCourier')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={shown !== null} onClose={() => setShown(null)} fullWidth maxWidth="xs">
        <DialogTitle>{shown?.title}</DialogTitle>
        <DialogContent>
          <Typography
            variant="h4"
            component="p"
            sx={{ fontFamily: 'monospace', my: 2 }}
            data-testid="shown-code"
          >
            {shown?.code}
          </Typography>
          <Typography>{shown?.hint}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
