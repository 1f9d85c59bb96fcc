import { type Charge, litresOf, priceVersionOf, trialCharge, versionOn } from '@hydrolog/domain';
import type { PriceTrial, priceTrialBodySchema } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { tariffOfScheme } from './price-schemes.ts';

/**
 * The trial calculation: the lines a volume would be charged, where the cycle stands, under a saved scheme
 * (the prices in force on `on`, today by default; the first prices before the scheme starts) or an unsaved
 * one, with the standing charge of one billing cycle. Nothing is saved.
 */
export async function trialCalculation(
  { db }: Services,
  request: FastifyRequest,
  body: z.output<typeof priceTrialBodySchema>,
): Promise<PriceTrial> {
  const usage = { accumulatedLitres: litresOf(body.accumulatedVolume), litres: litresOf(body.volume) };
  if (body.scheme) {
    const version = priceVersionOf(body.scheme, body.scheme.startTime);
    return trialView(trialCharge(version, { ...usage, months: body.scheme.billingCycle }));
  }
  const tariff = await tariffOfScheme(db, request, body.priceSchemeId!);
  const version = versionOn(tariff, body.on ?? new Date().toISOString().slice(0, 10)) ?? tariff.versions[0]!;
  return trialView(trialCharge(version, { ...usage, months: tariff.billingCycle }));
}

/** A charge as the trial shows it: m³, amounts and rates as a person reads them. */
function trialView(charge: Charge): PriceTrial {
  const money = (cents: number) => cents / 100;
  return {
    lines: charge.lines.map((line) => ({
      kind: line.kind,
      step: line.kind === 'step' ? line.step : null,
      volume: line.kind === 'step' ? line.litres / 1000 : null,
      unitPrice: line.kind === 'step' ? money(line.unitPriceCents) : null,
      vatRate: line.kind === 'vat' ? line.rateBasisPoints / 100 : null,
      amount: money(line.amountCents),
    })),
    net: money(charge.netCents),
    vat: money(charge.vatCents),
    total: money(charge.totalCents),
  };
}
