import { listPriceSchemes } from '@hydrolog/projections';
import type { PriceSchemeListQuery, PriceSchemeView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

/** The price schemes of a filter as an xlsx workbook: one row per scheme, its latest prices. */
export async function exportPriceSchemes(
  { db }: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: PriceSchemeListQuery,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listPriceSchemes(sql, { ...filter, ...everyRow }),
  );
  const steps = (r: PriceSchemeView) =>
    r.steps
      .map(
        (s) =>
          `${s.startVolume}-${s.endVolume === -1 ? t('priceSchemes.unlimited') : s.endVolume}: ${s.unitPrice}`,
      )
      .join('; ');
  return sendXlsx<PriceSchemeView>(
    reply,
    'price-schemes',
    [
      { header: t('priceSchemes.name'), value: (r) => r.name, width: 24 },
      {
        header: t('priceSchemes.chargingModel'),
        value: (r) => t(`priceSchemes.chargingModels.${r.chargingModel}`),
        width: 14,
      },
      { header: t('priceSchemes.accumulationCycle'), value: (r) => r.accumulationCycle, width: 14 },
      { header: t('priceSchemes.billingCycle'), value: (r) => r.billingCycle, width: 14 },
      { header: t('priceSchemes.startTime'), value: (r) => r.startTime, width: 14 },
      { header: t('priceSchemes.pricesFrom'), value: (r) => r.effectiveFrom, width: 14 },
      { header: t('priceSchemes.steps'), value: steps, width: 50 },
      { header: t('priceSchemes.standingCharge'), value: (r) => r.standingCharge, width: 14 },
      { header: t('priceSchemes.vatRate'), value: (r) => r.vatRate, width: 10 },
      { header: t('priceSchemes.accountCount'), value: (r) => r.accountCount, width: 10 },
    ],
    rows,
  );
}
