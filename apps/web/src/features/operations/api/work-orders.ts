import type {
  AssignWorkOrderBody,
  CancelWorkOrderBody,
  CommentWorkOrderBody,
  CompleteWorkOrderBody,
  MyWorkOrderListQuery,
  UpdateWorkOrderBody,
  WorkOrderBody,
  WorkOrderKind,
  WorkOrderListQuery,
} from '@hydrolog/schemas';
import { api } from '../../../api/client.ts';
import { exportName, fileForm } from '../../../api/request.ts';

/** Where an order is worked from: the page of its kind, or the assignee's own list. */
export type WorkOrderScope = WorkOrderKind | 'mine';
type Page = { pageNum: number; pageSize: number };

/** Work orders of a kind (/workOrder/maintenance, /workOrder/reading) and the assignee's own (/workOrder/mine). */
export const listWorkOrders = (kind: WorkOrderKind, query: Page & WorkOrderListQuery) =>
  api.call(`GET /workOrder/${kind}/list`, { query });
export const exportWorkOrders = (kind: WorkOrderKind, filter: WorkOrderListQuery) =>
  api.download(`POST /workOrder/${kind}/export`, exportName(`work-orders-${kind}`), { body: filter });
export const listMyWorkOrders = (query: Page & MyWorkOrderListQuery) =>
  api.call('GET /workOrder/mine/list', { query });
export const workOrderAssignees = (kind: WorkOrderKind) => api.data(`GET /workOrder/${kind}/assignees`);
export const getWorkOrder = (scope: WorkOrderScope, workOrderId: string) =>
  api.data(`GET /workOrder/${scope}/:workOrderId`, { params: { workOrderId } });
export const createWorkOrder = (kind: WorkOrderKind, body: WorkOrderBody) =>
  api.data(`POST /workOrder/${kind}`, { body });
export const updateWorkOrder = (kind: WorkOrderKind, body: UpdateWorkOrderBody) =>
  api.data(`PUT /workOrder/${kind}`, { body });
export const assignWorkOrder = (kind: WorkOrderKind, body: AssignWorkOrderBody) =>
  api.data(`PUT /workOrder/${kind}/assign`, { body });
export const cancelWorkOrder = (kind: WorkOrderKind, body: CancelWorkOrderBody) =>
  api.data(`PUT /workOrder/${kind}/cancel`, { body });
export const startWorkOrder = (scope: WorkOrderScope, workOrderId: string) =>
  api.data(`PUT /workOrder/${scope}/start`, { body: { workOrderId } });
export const completeWorkOrder = (scope: WorkOrderScope, body: CompleteWorkOrderBody) =>
  api.data(`PUT /workOrder/${scope}/complete`, { body });
export const commentWorkOrder = (scope: WorkOrderScope, body: CommentWorkOrderBody) =>
  api.data(`POST /workOrder/${scope}/comment`, { body });
export const attachToWorkOrder = (scope: WorkOrderScope, workOrderId: string, file: File) =>
  api.data(`POST /workOrder/${scope}/:workOrderId/attachment`, {
    params: { workOrderId },
    body: fileForm(file),
  });
