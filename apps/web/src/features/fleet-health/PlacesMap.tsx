import { LOCATIONS_MAP_CENTER, LOCATIONS_MAP_ZOOM, type TFleetPlace } from '@lockerops/contract';
import { Link } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { HEALTH_COLORS } from '../../api/fleetHealth';
import { FitToPoints, MapTiles } from '../../components/map/MapBase';

type Placed = TFleetPlace & { latitude: number; longitude: number };

/**
 * The places of Fleet health on a map: one circle per place in its worst state's colour, drawn
 * worst last so it stays on top; its popup names the place, the state and the open alerts, with
 * the way to its locker wall. Framed on the places; the spec's default centre when none has a
 * position. The list beside it says the same in words.
 */
export function PlacesMap({ places, height }: { places: TFleetPlace[]; height: number }) {
  const { t } = useTranslation('fleetHealth');
  const placed = places.filter((p): p is Placed => p.latitude !== null && p.longitude !== null);
  return (
    <MapContainer
      center={[LOCATIONS_MAP_CENTER.lat, LOCATIONS_MAP_CENTER.lng]}
      zoom={LOCATIONS_MAP_ZOOM}
      style={{ height, width: '100%' }}
    >
      <MapTiles />
      <FitToPoints points={placed} />
      {[...placed].reverse().map((p) => (
        <CircleMarker
          key={p.id_location}
          center={[p.latitude, p.longitude]}
          radius={11}
          pathOptions={{ color: '#ffffff', weight: 2, fillColor: HEALTH_COLORS[p.worst].bg, fillOpacity: 1 }}
        >
          <Popup>
            <strong>{p.name}</strong>
            <br />
            {t(`state.${p.worst}`)} · {t('alertsCount', { count: p.open_alerts })}
            <br />
            <Link component={RouterLink} to={`/locker-wall?location=${p.id_location}`}>
              {t('openWall', { name: p.name })}
            </Link>
          </Popup>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
