import type { TPrice } from '@lockerops/contract';

/**
 * The card-on-file checkbox shows only while the amount is 0 or not yet a number above 0 (spec
 * operational §4 Price form); an amount above 0 forces card on file.
 */
export function showCardOnFile(amount: unknown): boolean {
  const n = typeof amount === 'number' ? amount : Number(String(amount ?? '').trim() || '0');
  return !(Number.isFinite(n) && n > 0);
}

/**
 * The default option is hidden while another price is the default, unless the price being edited is
 * that default (spec operational §4 Price form).
 */
export function showDefaultOption(editing: TPrice | null, otherDefault: TPrice | undefined): boolean {
  if (editing?.default) return true;
  return !otherDefault;
}
