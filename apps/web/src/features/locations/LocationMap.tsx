import { LOCATIONS_MAP_CENTER, LOCATIONS_MAP_ZOOM, type TLocation } from '@lockerops/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';

// Leaflet finds its marker images by a CSS-relative guess that Vite breaks: give it the bundled URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** The map view of the locations list: default centre San Francisco, zoom 11 (spec operational §2). */
export function LocationsMap({
  locations,
  onOpen,
}: {
  locations: TLocation[];
  onOpen: (l: TLocation) => void;
}) {
  return (
    <MapContainer
      center={[LOCATIONS_MAP_CENTER.lat, LOCATIONS_MAP_CENTER.lng]}
      zoom={LOCATIONS_MAP_ZOOM}
      style={{ height: 520, width: '100%' }}
    >
      <TileLayer url={TILES} attribution={ATTRIBUTION} />
      {locations
        .filter((l) => l.latitude !== null && l.longitude !== null)
        .map((l) => (
          <Marker
            key={l.id}
            position={[l.latitude!, l.longitude!]}
            eventHandlers={{ click: () => onOpen(l) }}
          >
            <Popup>{l.name}</Popup>
          </Marker>
        ))}
    </MapContainer>
  );
}

/** One draggable marker for the location form; `onMove` gets the new position after a drag. */
export function PositionPicker({
  position,
  onMove,
}: {
  position: { lat: number; lng: number };
  onMove: (p: { lat: number; lng: number }) => void;
}) {
  return (
    <MapContainer center={[position.lat, position.lng]} zoom={13} style={{ height: 240, width: '100%' }}>
      <TileLayer url={TILES} attribution={ATTRIBUTION} />
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
