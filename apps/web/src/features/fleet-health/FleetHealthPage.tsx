import type { TAlertKind, TFleetPlace } from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { fleetHealthQueries } from '../../api/fleetHealth';
import { usePlaceZone } from '../../api/place';
import { HealthBadge } from '../../components/DoorHealth';
import { DeviceHealthDialog } from '../../components/health/DeviceHealthDialog';
import { PageTitle } from '../../components/PageTitle';
import { formatDateTime } from '../../lib/format';
import { PlacesMap } from './PlacesMap';

/**
 * Fleet health: every place with its doors online and offline and its open alerts, worst first,
 * beside a map of the places in their worst state's colour (above the list on a phone), and the
 * open alerts with what they are about, each door's details a click away. Cards, so it reads the
 * same on a phone; every time on its place's clock.
 */
export function FleetHealthPage() {
  const { t } = useTranslation('fleetHealth');
  const { t: tc } = useTranslation('common');
  const q = useQuery(fleetHealthQueries.overview());
  const zoneOf = usePlaceZone();
  const [details, setDetails] = useState<string | null>(null);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const title = <PageTitle title={tc('area.fleetHealth')} />;
  if (q.isError)
    return (
      <>
        {title}
        <Alert severity="error">{t('loadFailed')}</Alert>
      </>
    );
  if (!q.data)
    return (
      <>
        {title}
        <Typography>{t('loading')}</Typography>
      </>
    );
  const { places, alerts } = q.data;
  // an alert's place is one of the places listed: its name and its own zone
  const placeOf = (id: string | null) => places.find((p) => p.id_location === id);
  const placeName = (id: string | null) => placeOf(id)?.name ?? '';
  return (
    <Stack spacing={3}>
      {title}
      <Typography>{t('intro', { seconds: q.data.poll_seconds })}</Typography>
      <Box component="section" aria-labelledby="fleet-places">
        <Typography id="fleet-places" variant="h6" component="h2" gutterBottom>
          {t('places')}
        </Typography>
        {places.length === 0 ? <Typography>{t('noPlaces')}</Typography> : null}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ order: { xs: 2, md: 1 }, display: 'grid', gap: 2 }}>
            {places.map((p) => (
              <PlaceCard key={p.id_location} place={p} />
            ))}
          </Box>
          <Box
            data-testid="fleet-map"
            sx={{ order: { xs: 1, md: 2 }, position: { md: 'sticky' }, top: { md: 80 }, minWidth: 0 }}
          >
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('mapTitle')}
            </Typography>
            <PlacesMap places={places} height={wide ? 480 : 240} />
          </Box>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="fleet-alerts">
        <Typography id="fleet-alerts" variant="h6" component="h2" gutterBottom>
          {t('openAlerts', { count: alerts.length })}
        </Typography>
        {alerts.length === 0 ? <Typography>{t('noAlerts')}</Typography> : null}
        <List dense disablePadding>
          {alerts.map((a) => (
            <ListItem
              key={a.id}
              divider
              disableGutters
              data-testid="fleet-alert"
              secondaryAction={
                a.id_device ? (
                  <Button size="small" onClick={() => setDetails(a.id_device)}>
                    {t('details')}
                  </Button>
                ) : a.id_location ? (
                  // a bridge's alert is about a place's doors: its wall shows them
                  <Button size="small" component={RouterLink} to={`/locker-wall?location=${a.id_location}`}>
                    {t('wall')}
                  </Button>
                ) : null
              }
            >
              <ListItemText
                sx={{ pr: a.id_device || a.id_location ? 14 : 0 }}
                primary={`${t(`kind.${a.kind as TAlertKind}`)} · ${placeName(a.id_location)}`}
                secondary={t('alertSince', {
                  since: formatDateTime(a.opened_at, {
                    timeZone: zoneOf(placeOf(a.id_location)?.time_zone),
                    zoneName: true,
                  }),
                })}
              />
            </ListItem>
          ))}
        </List>
      </Box>
      <DeviceHealthDialog id={details} onClose={() => setDetails(null)} />
    </Stack>
  );
}

function PlaceCard({ place: p }: { place: TFleetPlace }) {
  const { t } = useTranslation('fleetHealth');
  return (
    <Card variant="outlined" data-testid="fleet-place">
      <CardContent>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
        >
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {p.name}
          </Typography>
          <HealthBadge state={p.worst} />
        </Stack>
        <Typography variant="body2">{t('doorsOnline', { online: p.online, doors: p.doors })}</Typography>
        <Typography variant="body2">{t('doorsOffline', { count: p.offline })}</Typography>
        <Typography variant="body2">{t('alertsCount', { count: p.open_alerts })}</Typography>
        <Link component={RouterLink} to={`/locker-wall?location=${p.id_location}`} variant="body2">
          {t('openWall', { name: p.name })}
        </Link>
      </CardContent>
    </Card>
  );
}
