import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { saveImageUpload } from '../uploads.ts';
import { actorOf, onWorkOrder, type WorkOrderScope, workOrderOf } from './work-orders.ts';

/**
 * A photo of an open order (png or jpg, 5 MB at most; multipart field `file`), kept with the tenant's files
 * and in the order's history. The order is checked before the file is saved.
 */
export async function attachToWorkOrder(
  services: Services,
  request: FastifyRequest,
  uploadsDir: string,
  scope: WorkOrderScope,
  workOrderId: string,
): Promise<{ url: string }> {
  await workOrderOf(services.db, request, scope, workOrderId);
  const url = await saveImageUpload(request, uploadsDir, 'file', 'workOrder');
  await onWorkOrder(services, request, scope, workOrderId, {
    type: 'AttachToWorkOrder',
    url,
    assigneeOnly: scope === 'mine',
    ...actorOf(request),
  });
  return { url };
}
