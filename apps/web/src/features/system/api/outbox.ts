import { api } from '../../../api/client.ts';

export type { OutboxMessage } from '@hydrolog/schemas';

export const listOutbox = (query: {
  pageNum: number;
  pageSize: number;
  recipient?: string;
  channel?: 'sms' | 'email';
}) => api.call('GET /system/msg/outbox/list', { query });

/** The clear text of one message; the server writes the reveal to the operation log. */
export const revealOutboxText = (messageId: string) =>
  api.data('POST /system/msg/outbox/reveal/:messageId', { params: { messageId } });
