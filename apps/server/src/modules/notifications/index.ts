/**
 * What the notifications area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */
export { type QueuedDelivery, queueDeliveries } from './queries';
export { queueNotifications } from './service/engine';
export { setNotificationLinkBase } from './service/links';
