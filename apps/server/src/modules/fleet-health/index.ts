/**
 * What the fleet-health area offers other areas and the server: they import it from here, never
 * from the area's files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { fleetHealthRoutes } from './routes';
export { healthPoller } from './service/poller';
