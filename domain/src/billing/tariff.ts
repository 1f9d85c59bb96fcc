import type { PriceVersion } from '@hydrolog/schemas';

/**
 * The tariff math (DESIGN principle 10): what a volume of water costs under a price scheme. Pure; the trial
 * calculation and the bill run both call it.
 *
 * Units, chosen so that no float error ever reaches money:
 * - money is integers of cents; a unit price is integer cents per m³ (the spec allows two decimals);
 * - volume is integers of litres. The readings projections give m³ as decimals: `litresOf` converts each
 *   figure once, at the edge (a litre is far below any meter's resolution that matters for a bill);
 * - the VAT rate is integer basis points (10.5% is 1050);
 * - days are ISO dates ('YYYY-MM-DD') in the tenant's time zone; a period is [from, to), `to` excluded.
 *
 * Rounding: every amount is the difference of two rounded cumulative exact amounts, taken from where its
 * cycle began (`roundHalfUp` of the exact charge up to the end, minus the same up to the start). The exact
 * amounts are rationals kept as bigints. Consequences, proven by the property tests: the parts of a period
 * add up to the charge of the whole period to the cent, the bills of an accumulation cycle add up to the
 * charge of the cycle's volume, and a larger volume never costs less.
 */

/**
 * The prices of a scheme from a day on, until the next version: steps [startLitres, endLitres) at a unit
 * price (`endLitres` null: unlimited), a standing charge per month (0: none) and VAT. 'tiered' fills the
 * steps with the volume accumulated over the cycle; 'flat' is one unlimited step.
 */
export type TariffVersion = PriceVersion;
export type TariffStep = PriceVersion['steps'][number];

/** A price scheme as the math needs it: its cycles from its start day, and its versions. */
export interface Tariff {
  /** The day the scheme's months, billing cycles and accumulation cycles count from. */
  startTime: string;
  accumulationCycle: number;
  billingCycle: number;
  versions: readonly TariffVersion[];
}

export type ChargeLine =
  | { kind: 'step'; step: number; litres: number; unitPriceCents: number; amountCents: number }
  | { kind: 'standing'; amountCents: number }
  | { kind: 'vat'; rateBasisPoints: number; amountCents: number };

export interface Charge {
  lines: ChargeLine[];
  /** Before VAT. */
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** A part of a billed period under one price version: 'priceAdjustment' from a price change on. */
export interface ChargePart extends Charge {
  type: 'ordinary' | 'priceAdjustment';
  from: string;
  to: string;
  effectiveFrom: string;
  litres: number;
  /** Litres accumulated in the cycle before this part. */
  accumulatedLitres: number;
}

export interface PeriodCharge {
  parts: ChargePart[];
  totalCents: number;
  /** Litres accumulated in the cycle at the end of the period (0 at a new cycle), for the next bill. */
  accumulatedLitres: number;
}

const LITRES_PER_M3 = 1000;
const BASIS_POINTS = 10_000n;

/** m³ (as the readings projections give them) to whole litres, rounding half up. */
export const litresOf = (m3: number): number => Math.round(m3 * LITRES_PER_M3);
/** A rate in % with at most two decimals (as forms give it) to basis points: 10.5 is 1050. */
export const basisPointsOf = (percent: number): number => Math.round(percent * 100);

/**
 * The one rounding rule of billing: numerator / denominator to the nearest integer, halves up (amounts
 * are never negative here). Exact on bigints, so no float ever rounds money.
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/**
 * An amount accrued over a cycle: exact cumulative values (numerators over one denominator) at the start
 * and end of a stretch. Its amount, and its VAT, are rounded cumulatively (see the header).
 */
interface Accrual {
  start: bigint;
  end: bigint;
  denominator: bigint;
}

const net = (a: Accrual) => roundHalfUp(a.end, a.denominator) - roundHalfUp(a.start, a.denominator);
const vat = (a: Accrual, rate: number) => {
  const denominator = a.denominator * BASIS_POINTS;
  return roundHalfUp(a.end * BigInt(rate), denominator) - roundHalfUp(a.start * BigInt(rate), denominator);
};

/** The exact charge, in thousandths of a cent, of the first `litres` of a cycle on these steps. */
function ladderMillicents(steps: readonly TariffStep[], litres: number): bigint {
  let sum = 0n;
  for (const step of steps) {
    if (litres <= step.startLitres) break;
    const top = step.endLitres === null ? litres : Math.min(litres, step.endLitres);
    sum += BigInt(top - step.startLitres) * BigInt(step.unitPriceCents);
  }
  return sum;
}

/** The step lines of `litres` drawn after `accumulatedLitres` of the cycle, and their accruals. */
function stepLines(version: TariffVersion, accumulatedLitres: number, litres: number) {
  const lines: ChargeLine[] = [];
  const accruals: Accrual[] = [];
  const end = accumulatedLitres + litres;
  version.steps.forEach((step, index) => {
    const from = Math.max(accumulatedLitres, step.startLitres);
    const to = step.endLitres === null ? end : Math.min(end, step.endLitres);
    if (to <= from) return;
    const accrual = {
      start: ladderMillicents(version.steps, from),
      end: ladderMillicents(version.steps, to),
      denominator: BigInt(LITRES_PER_M3),
    };
    accruals.push(accrual);
    lines.push({
      kind: 'step',
      step: index + 1,
      litres: to - from,
      unitPriceCents: step.unitPriceCents,
      amountCents: net(accrual),
    });
  });
  return { lines, accruals };
}

/** The step lines, the standing charge and VAT of one stretch under one version, with its total. */
function chargeOf(version: TariffVersion, steps: ReturnType<typeof stepLines>, standing: Accrual[]): Charge {
  const lines = [...steps.lines];
  if (version.standingChargeCents > 0)
    lines.push({ kind: 'standing', amountCents: standing.reduce((sum, a) => sum + net(a), 0) });
  const netCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const vatCents = [...steps.accruals, ...standing].reduce(
    (sum, a) => sum + vat(a, version.vatRateBasisPoints),
    0,
  );
  if (version.vatRateBasisPoints > 0)
    lines.push({ kind: 'vat', rateBasisPoints: version.vatRateBasisPoints, amountCents: vatCents });
  return { lines, netCents, vatCents, totalCents: netCents + vatCents };
}

/**
 * The trial calculation: what `litres` cost when the cycle already holds `accumulatedLitres`, with the
 * standing charge of `months` whole months.
 */
export function trialCharge(
  version: TariffVersion,
  usage: { accumulatedLitres: number; litres: number; months: number },
): Charge {
  const standing = { start: 0n, end: BigInt(version.standingChargeCents * usage.months), denominator: 1n };
  return chargeOf(version, stepLines(version, usage.accumulatedLitres, usage.litres), [standing]);
}

// Days as numbers since 1970-01-01, for arithmetic on ISO dates.
const DAY_MS = 86_400_000;
export const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const dayString = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The day `months` months after `day`, on the same day of the month or the month's last (31 Jan + 1: 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = y * 12 + (m - 1) + months;
  const last = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0)).getUTCDate();
  return dayString(Date.UTC(Math.floor(month / 12), month % 12, Math.min(d, last)) / DAY_MS);
}

/** The cycle of `months` months (counted from `start`) that holds `day`: [from, to). */
export function cycleOf(start: string, months: number, day: string): { from: string; to: string } {
  const [y0, m0] = start.split('-').map(Number) as [number, number];
  const [y, m] = day.split('-').map(Number) as [number, number];
  let k = Math.floor(((y - y0) * 12 + (m - m0)) / months);
  while (addMonths(start, k * months) > day) k -= 1;
  while (addMonths(start, (k + 1) * months) <= day) k += 1;
  return { from: addMonths(start, k * months), to: addMonths(start, (k + 1) * months) };
}

/** The version in force on `day`: the latest that took effect on or before it. */
export function versionOn(tariff: Tariff, day: string): TariffVersion | undefined {
  let found: TariffVersion | undefined;
  for (const v of tariff.versions)
    if (v.effectiveFrom <= day && (!found || v.effectiveFrom >= found.effectiveFrom)) found = v;
  return found;
}

/** The standing charge accruals of [from, to): per month of the scheme, in proportion to its days. */
function standingAccruals(tariff: Tariff, version: TariffVersion, from: string, to: string): Accrual[] {
  const accruals: Accrual[] = [];
  const amount = BigInt(version.standingChargeCents);
  for (let day = from; day < to; ) {
    const month = cycleOf(tariff.startTime, 1, day);
    const days = dayNumber(month.to) - dayNumber(month.from);
    const end = month.to < to ? month.to : to;
    accruals.push({
      start: amount * BigInt(dayNumber(day) - dayNumber(month.from)),
      end: amount * BigInt(dayNumber(end) - dayNumber(month.from)),
      denominator: BigInt(days),
    });
    day = end;
  }
  return accruals;
}

/**
 * Where chargePeriod splits [from, to): its start, each day a price version takes effect or an accumulation
 * cycle begins inside it, and its end. Within two successive bounds only the sum of the days' litres
 * matters, so a bill run may sum volumes per stretch rather than per day.
 */
export function periodBounds(tariff: Tariff, period: { from: string; to: string }): string[] {
  const cuts = new Set<string>();
  for (const v of tariff.versions)
    if (v.effectiveFrom > period.from && v.effectiveFrom < period.to) cuts.add(v.effectiveFrom);
  for (let day = cycleOf(tariff.startTime, tariff.accumulationCycle, period.from).to; day < period.to; ) {
    cuts.add(day);
    day = cycleOf(tariff.startTime, tariff.accumulationCycle, day).to;
  }
  return [period.from, ...[...cuts].sort(), period.to];
}

/**
 * What the charge of a period owes to the scheme and the period alone (the same for every account on the
 * scheme, so a bill run plans it once): its stretches between the bounds, each with its price version, its
 * type, whether a cycle starts with it, and its standing charge accruals.
 */
export interface PeriodPlan {
  bounds: string[];
  stretches: {
    from: string;
    to: string;
    version: TariffVersion;
    type: ChargePart['type'];
    cycleStarts: boolean;
    standing: Accrual[];
  }[];
  /** An accumulation cycle ends with the period: the next bill starts from empty steps. */
  cycleEnds: boolean;
}

/** Plans the charge of [from, to) (see PeriodPlan); a stretch before the scheme's first version is an error. */
export function planPeriod(tariff: Tariff, period: { from: string; to: string }): PeriodPlan {
  const bounds = periodBounds(tariff, period);
  const stretches: PeriodPlan['stretches'] = [];
  let type: ChargePart['type'] = 'ordinary';
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const from = bounds[i]!;
    const to = bounds[i + 1]!;
    const version = versionOn(tariff, from);
    if (!version) throw new RangeError(`No price of the scheme is in force on ${from}`);
    if (i > 0 && version.effectiveFrom === from) type = 'priceAdjustment';
    stretches.push({
      from,
      to,
      version,
      type,
      cycleStarts: cycleOf(tariff.startTime, tariff.accumulationCycle, from).from === from,
      standing: standingAccruals(tariff, version, from, to),
    });
  }
  const cycleEnds = cycleOf(tariff.startTime, tariff.accumulationCycle, period.to).from === period.to;
  return { bounds, stretches, cycleEnds };
}

/**
 * The charge of a billed period [from, to): its days' volumes fill the steps from `accumulatedLitres`
 * (where the cycle's earlier bills left them; 0 at a cycle's start). The period is split where a price version takes effect
 * (the later parts typed 'priceAdjustment') and where an accumulation cycle begins (the steps fill again
 * from 0). Days outside the period are ignored; a part before the scheme's first version is an error.
 */
export function chargePeriod(
  tariff: Tariff,
  period: { from: string; to: string; accumulatedLitres: number },
  days: ReadonlyArray<{ day: string; litres: number }>,
): PeriodCharge {
  return chargePlanned(planPeriod(tariff, period), period.accumulatedLitres, days);
}

/** chargePeriod on a period planned beforehand. */
export function chargePlanned(
  plan: PeriodPlan,
  accumulatedLitres: number,
  days: ReadonlyArray<{ day: string; litres: number }>,
): PeriodCharge {
  const parts: ChargePart[] = [];
  let accumulated = accumulatedLitres;
  for (const { from, to, version, type, cycleStarts, standing } of plan.stretches) {
    // A cycle starts with its steps empty, whatever the caller says stood before it.
    if (cycleStarts) accumulated = 0;
    let litres = 0;
    for (const d of days) if (d.day >= from && d.day < to) litres += d.litres;
    const charge = chargeOf(version, stepLines(version, accumulated, litres), standing);
    parts.push({
      ...charge,
      type,
      from,
      to,
      effectiveFrom: version.effectiveFrom,
      litres,
      accumulatedLitres: accumulated,
    });
    accumulated += litres;
  }
  return {
    parts,
    totalCents: parts.reduce((sum, p) => sum + p.totalCents, 0),
    accumulatedLitres: plan.cycleEnds ? 0 : accumulated,
  };
}
