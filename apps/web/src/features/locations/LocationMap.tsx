import { LOCATIONS_MAP_CENTER, LOCATIONS_MAP_ZOOM, type TLocation } from '@lockerops/contract';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './LocationMap.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';

// Leaflet finds its marker images by a CSS-relative guess that Vite breaks: give it the bundled URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

type Placed = TLocation & { latitude: number; longitude: number };

/**
 * Fits the view to the organization's placed locations whenever they change: a
 * single location is centred at street zoom, several are framed with a margin. With none, the
 * map keeps the spec's default centre.
 */
function FitToLocations({ placed }: { placed: Placed[] }) {
  const map = useMap();
  const key = placed.map((l) => `${l.latitude},${l.longitude}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `placed`'s positions
  useEffect(() => {
    if (!placed.length) return;
    if (placed.length === 1) {
      map.setView([placed[0]!.latitude, placed[0]!.longitude], 14);
      return;
    }
    map.fitBounds(L.latLngBounds(placed.map((l) => [l.latitude, l.longitude] as [number, number])), {
      padding: [40, 40],
      maxZoom: 15,
    });
  }, [map, key]);
  return null;
}

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
      <TileLayer url={TILES} attribution={ATTRIBUTION} />
      <FitToLocations placed={placed} />
      {placed.map((l) => (
        <Marker key={l.id} position={[l.latitude, l.longitude]} eventHandlers={{ click: () => onOpen(l) }}>
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
