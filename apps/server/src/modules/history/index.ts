/**
 * What the history area offers other areas: they import it from here, never from the area's
 * files. A log of its own (a device's) names its related records as the History Log tabs do.
 */
export { namesInChanges } from './queries';
