import { DomainError, meterCommandRefusal } from '@hydrolog/domain';
import { getMeter } from '@hydrolog/projections';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, readAsCaller } from '../auth/guard.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';

/** Opens or closes the valves of one meter or a batch; answers the ids of the commands issued. */
export async function operateValves(
  db: Services['db'],
  dispatch: CommandDispatch,
  request: FastifyRequest,
  action: 'open' | 'close',
  meterIds: readonly string[],
): Promise<string[]> {
  const metadata = callerMetadata(request);
  const kind = action === 'open' ? 'valveOpen' : 'valveClose';
  const commandIds: string[] = [];
  // A batch is checked whole first: an unknown meter or one without a valve refuses it all.
  await readAsCaller(db, request, async (sql) => {
    for (const meterId of meterIds) {
      const meter = await getMeter(sql, meterId);
      if (!meter) throw new DomainError('error.meter.notFound');
      const refused = meterCommandRefusal(kind, meter.valveControl);
      if (refused) throw refused;
    }
  });
  for (const meterId of meterIds) commandIds.push(await dispatch.issue(metadata, meterId, kind));
  return commandIds;
}
