/**
 * What the products area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { recordTracking } from '../../lib/product-tracking';
export { assignProducts, setProductCondition } from './queries/conditions';
export { applyConditionEffects } from './service/conditions';
