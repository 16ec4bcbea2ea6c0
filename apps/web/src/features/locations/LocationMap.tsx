import { LOCATIONS_MAP_CENTER, LOCATIONS_MAP_ZOOM, type TLocation } from '@lockerops/contract';
import { Alert, Box } from '@mui/material';
import type L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { FitToPoints, MapTiles } from '../../components/map/MapBase';

type Placed = TLocation & { latitude: number; longitude: number };

const placedOf = (locations: readonly TLocation[]) =>
  locations.filter((l): l is Placed => l.latitude !== null && l.longitude !== null);

/** A longitude brought into -180…180 (a view may span the world's copies east and west). */
const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * A map view as `GET locations?bbox=` reads it: `west,south,east,north` in degrees, rounded to
 * about 10 m; a view wider than the world is the world, and one across the antimeridian keeps a
 * west east of its east.
 */
export function viewOf(
  bounds: Pick<L.LatLngBounds, 'getWest' | 'getSouth' | 'getEast' | 'getNorth'>,
): string {
  const south = Math.max(-90, bounds.getSouth());
  const north = Math.min(90, bounds.getNorth());
  const whole = bounds.getEast() - bounds.getWest() >= 360;
  const west = whole ? -180 : wrap(bounds.getWest());
  const east = whole ? 180 : wrap(bounds.getEast());
  return [west, south, east, north].map(round).join(',');
}

/** Tells `onView` the map's view each time a pan or a zoom ends. */
function ViewWatcher({ onView }: { onView: (bbox: string) => void }) {
  const map = useMapEvents({ moveend: () => onView(viewOf(map.getBounds())) });
  return null;
}

/**
 * The map view of the locations list (spec operational §2), never the whole list at once: framed
 * once on `frame` (the first locations with a position; the spec's default centre, San Francisco at
 * zoom 11, when none has one), then drawing `locations`, the ones inside the view the map reports
 * through `onView` after every pan and zoom. When the view holds more than are drawn (`total`), it
 * says so and asks to zoom in.
 */
export function LocationsMap({
  frame,
  locations,
  total,
  onView,
  onOpen,
}: {
  frame: readonly TLocation[];
  locations: readonly TLocation[];
  total: number;
  onView: (bbox: string) => void;
  onOpen: (l: TLocation) => void;
}) {
  const { t } = useTranslation('locations');
  const placed = placedOf(locations);
  return (
    <Box>
      {total > locations.length ? (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="map-capped">
          {t('view.capped', { shown: locations.length, total })}
        </Alert>
      ) : null}
      <MapContainer
        center={[LOCATIONS_MAP_CENTER.lat, LOCATIONS_MAP_CENTER.lng]}
        zoom={LOCATIONS_MAP_ZOOM}
        style={{ height: 520, width: '100%' }}
      >
        <MapTiles />
        <FitToPoints points={placedOf(frame)} />
        <ViewWatcher onView={onView} />
        {placed.map((l) => (
          <Marker key={l.id} position={[l.latitude, l.longitude]} eventHandlers={{ click: () => onOpen(l) }}>
            <Popup>{l.name}</Popup>
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}

/** Keeps the map on the pin when the pin moves from outside (a typed address), at the zoom it has. */
function FollowPin({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], map.getZoom());
  }, [map, lat, lng]);
  return null;
}

/**
 * One draggable marker for the location form, the map following it; `onMove` gets the new position
 * after a drag.
 */
export function PositionPicker({
  position,
  onMove,
}: {
  position: { lat: number; lng: number };
  onMove: (p: { lat: number; lng: number }) => void;
}) {
  return (
    <MapContainer center={[position.lat, position.lng]} zoom={13} style={{ height: 240, width: '100%' }}>
      <MapTiles />
      <FollowPin lat={position.lat} lng={position.lng} />
      <Marker
        draggable
        position={[position.lat, position.lng]}
        eventHandlers={{
          dragend: (e) => {
            const p = (e.target as L.Marker).getLatLng();
            onMove({ lat: p.lat, lng: p.lng });
          },
        }}
      />
    </MapContainer>
  );
}
