import type { OutboxMessage } from '@hydrolog/schemas';
import { request } from '../../../api/request.ts';

export type { OutboxMessage } from '@hydrolog/schemas';

export const listOutbox = (query: {
  pageNum: number;
  pageSize: number;
  recipient?: string;
  channel?: 'sms' | 'email';
}) => request<{ code: number; total: number; rows: OutboxMessage[] }>('/system/msg/outbox/list', { query });
