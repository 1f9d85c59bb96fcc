import type { updateWorkOrderBodySchema, WorkOrderDetail, WorkOrderKind } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Services } from '../services.ts';
import { actorOf, meterOfNumber, onWorkOrder, tenantToday } from './work-orders.ts';

/** Changes an open order's title, description, meter and due date, on the version the form showed. */
export async function updateWorkOrder(
  services: Services,
  request: FastifyRequest,
  kind: WorkOrderKind,
  { workOrderId, version, ...body }: z.output<typeof updateWorkOrderBodySchema>,
): Promise<WorkOrderDetail> {
  const meter = await meterOfNumber(services.db, request, body.meterNo);
  return onWorkOrder(
    services,
    request,
    kind,
    workOrderId,
    {
      type: 'UpdateWorkOrder',
      title: body.title,
      description: body.description,
      meterId: meter.meterId,
      dueDate: body.dueDate ?? null,
      meterKnown: meter.meterKnown,
      today: await tenantToday(services.db, request),
      ...actorOf(request),
    },
    version,
  );
}
