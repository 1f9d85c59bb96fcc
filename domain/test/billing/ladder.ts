import { dayNumber, dayString, type Tariff, type TariffVersion } from '../../src/billing/index.ts';

export const m3 = (n: number) => n * 1000;

/** A yearly ladder billed monthly: 0-12 m³ at 2.00, 12-30 at 3.50, above 30 at 5.00. */
export const ladder: TariffVersion = {
  effectiveFrom: '2026-01-01',
  chargingModel: 'tiered',
  steps: [
    { startLitres: 0, endLitres: m3(12), unitPriceCents: 200 },
    { startLitres: m3(12), endLitres: m3(30), unitPriceCents: 350 },
    { startLitres: m3(30), endLitres: null, unitPriceCents: 500 },
  ],
  standingChargeCents: 0,
  vatRateBasisPoints: 0,
};
export const yearly: Tariff = {
  startTime: '2026-01-01',
  accumulationCycle: 12,
  billingCycle: 1,
  versions: [ladder],
};

/** Every day of [from, to) with the same volume. */
export function daily(from: string, to: string, litres: number) {
  const days = [];
  for (let d = dayNumber(from); d < dayNumber(to); d += 1) days.push({ day: dayString(d), litres });
  return days;
}
