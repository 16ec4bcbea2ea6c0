/**
 * What the kiosks area offers: its console routes and the screen's own routes, registered by the
 * app, and the screens' offline alert job; nothing else of the area is imported elsewhere.
 */

export { kiosksRoutes } from './routes';
export { kioskRoutes } from './routes/kiosk';
export { kioskOfflineJob } from './service/offline-job';
