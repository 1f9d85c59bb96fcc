/**
 * A decimal amount of the currency with at most two decimals (as forms and commands give it) to cents, the
 * integer every balance, price and movement is kept in. The one conversion, so that all round alike.
 */
export const centsOf = (amount: number): number => Math.round(amount * 100);
