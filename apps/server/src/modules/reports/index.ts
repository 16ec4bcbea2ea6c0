/**
 * What the reports area offers other areas: they import it from here, never from the area's files
 * (the layer rule in biome.json).
 */
export { rescheduleReports } from './service';
