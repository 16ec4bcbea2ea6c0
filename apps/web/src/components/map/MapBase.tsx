import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { TileLayer, useMap } from 'react-leaflet';

// Leaflet finds its marker images by a CSS-relative guess that Vite breaks: give it the bundled URLs.
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; OpenStreetMap contributors';

/** The console maps' tiles (OpenStreetMap; the browser tests answer them with nothing). */
export const MapTiles = () => <TileLayer url={TILES} attribution={ATTRIBUTION} />;

/** A position on a map. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/**
 * Fits the view to `points` whenever their positions change: a single one is centred at street
 * zoom, several are framed with a margin. With none, the map keeps its centre.
 */
export function FitToPoints({ points }: { points: MapPoint[] }) {
  const map = useMap();
  const key = points.map((l) => `${l.latitude},${l.longitude}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `points`' positions
  useEffect(() => {
    if (!points.length) return;
    if (points.length === 1) {
      map.setView([points[0]!.latitude, points[0]!.longitude], 14);
      return;
    }
    map.fitBounds(L.latLngBounds(points.map((l) => [l.latitude, l.longitude] as [number, number])), {
      padding: [40, 40],
      maxZoom: 15,
    });
  }, [map, key]);
  return null;
}
