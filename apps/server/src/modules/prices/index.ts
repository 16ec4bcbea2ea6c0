/**
 * What the prices area offers other areas: they import it from here, never from the area's
 * files (the layer rule in biome.json); everything else in the folder is the area's own.
 */

export { defaultPrice, priceById } from './queries';
export { defaultCurrency } from './resource';
export { pricingGated } from './routes';
export { computeCharge, moneyNumber, moneyText } from './service';
