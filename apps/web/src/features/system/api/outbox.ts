import { api } from '../../../api/client.ts';

export type { OutboxMessage } from '@hydrolog/schemas';

export const listOutbox = (query: {
  pageNum: number;
  pageSize: number;
  recipient?: string;
  channel?: 'sms' | 'email';
}) => api.call('GET /system/msg/outbox/list', { query });
