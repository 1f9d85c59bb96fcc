import { listGateways } from '@hydrolog/projections';
import type { GatewayView, gatewayListQuerySchema } from '@hydrolog/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readAsCaller } from '../auth/guard.ts';
import { translator } from '../http.ts';
import type { Services } from '../services.ts';
import { everyRow, sendXlsx } from '../xlsx.ts';

export async function exportGateways(
  db: Services['db'],
  request: FastifyRequest,
  reply: FastifyReply,
  filter: z.output<typeof gatewayListQuerySchema>,
): Promise<FastifyReply> {
  const t = translator(request);
  const { rows } = await readAsCaller(db, request, (sql) => listGateways(sql, { ...filter, ...everyRow }));
  return sendXlsx<GatewayView>(
    reply,
    'gateways',
    [
      { header: t('gateways.name'), value: (r) => r.name, width: 28 },
      { header: t('gateways.kind'), value: (r) => t(`gateways.kinds.${r.kind}`) },
      { header: t('gateway.manufacturer'), value: (r) => r.manufacturer },
      { header: t('gateway.status'), value: (r) => t(`gateways.statuses.${r.status}`) },
      { header: t('gateway.keyPrefix'), value: (r) => r.keyPrefix },
      { header: t('gateway.meters'), value: (r) => r.meterCount },
      { header: t('gateway.lastSeen'), value: (r) => r.lastSeenAt, width: 26 },
      { header: t('gateway.created'), value: (r) => r.createTime, width: 26 },
    ],
    rows,
  );
}
