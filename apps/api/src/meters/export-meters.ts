import { listMeters } from '@hydrolog/projections';
import type { MeterListQuery, MeterView } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callerOf, readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

export async function exportMeters(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: MeterListQuery,
): Promise<FastifyReply> {
  const tr = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) =>
    listMeters(sql, { ...filter, ...everyRow }, callerOf(request).dataScope),
  );
  return sendXlsx<MeterView>(
    reply,
    'meters',
    [
      { header: tr('meters.meterNo'), value: (r) => r.meterNo, width: 20 },
      { header: tr('meters.type'), value: (r) => r.meterTypeName, width: 30 },
      { header: tr('meters.imei'), value: (r) => r.imei },
      { header: tr('meters.sim'), value: (r) => r.sim, width: 24 },
      { header: tr('meter.initialReading'), value: (r) => r.initialReading },
      { header: tr('meter.mechanicalReading'), value: (r) => r.mechanicalReading },
      { header: tr('meter.zeroWaterThreshold'), value: (r) => r.zeroWaterThreshold },
      { header: tr('meters.storageDate'), value: (r) => r.storageDate },
      {
        header: tr('meters.dataSource'),
        value: (r) => (r.dataSource ? tr(`meters.dataSources.${r.dataSource}`) : null),
      },
      { header: tr('meters.lng'), value: (r) => r.lng },
      { header: tr('meters.lat'), value: (r) => r.lat },
      { header: tr('meter.lastReading'), value: (r) => r.lastReading },
      { header: tr('meter.lastReport'), value: (r) => r.lastReportAt, width: 26 },
      { header: tr('meter.battery'), value: (r) => r.battery },
      { header: tr('meters.signal'), value: (r) => r.signal },
      { header: tr('meter.valve'), value: (r) => (r.valve ? tr(`meters.valves.${r.valve}`) : null) },
      { header: tr('meters.link'), value: (r) => tr(`meters.links.${r.link}`) },
      { header: tr('meter.registered'), value: (r) => r.registeredAt, width: 26 },
    ],
    rows,
  );
}
