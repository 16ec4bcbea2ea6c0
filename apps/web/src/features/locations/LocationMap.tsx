import { LOCATIONS_MAP_CENTER, LOCATIONS_MAP_ZOOM, type TLocation } from '@lockerops/contract';
import type L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { FitToPoints, MapTiles } from '../../components/map/MapBase';

type Placed = TLocation & { latitude: number; longitude: number };

/**
 * The map view of the locations list (spec operational §2): framed on the organization's
 * locations; the spec's default centre (San Francisco, zoom 11) only when none has a position.
 */
export function LocationsMap({
  locations,
  onOpen,
}: {
  locations: TLocation[];
  onOpen: (l: TLocation) => void;
}) {
  const placed = locations.filter((l): l is Placed => l.latitude !== null && l.longitude !== null);
  return (
    <MapContainer
      center={[LOCATIONS_MAP_CENTER.lat, LOCATIONS_MAP_CENTER.lng]}
      zoom={LOCATIONS_MAP_ZOOM}
      style={{ height: 520, width: '100%' }}
    >
      <MapTiles />
      <FitToPoints points={placed} />
      {placed.map((l) => (
        <Marker key={l.id} position={[l.latitude, l.longitude]} eventHandlers={{ click: () => onOpen(l) }}>
          <Popup>{l.name}</Popup>
        </Marker>
      ))}
    </MapContainer>
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
