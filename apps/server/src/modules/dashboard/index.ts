/**
 * What the dashboard area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { foldDashboard } from './queries/fold';
export { rebuildDashboardRollup } from './queries/rebuild';
export { computeMetric, type MetricScope, organizationTimeZone } from './service';
export { dashboardFoldRelay } from './service/fold-relay';
