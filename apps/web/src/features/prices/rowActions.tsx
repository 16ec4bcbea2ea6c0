/** Money as the console shows it: symbol and two decimals. */
export const formatMoney = (amount: number, symbol: string) => `${symbol}${amount.toFixed(2)}`;
