import { DomainError } from '@hydrolog/domain';
import type { Database } from '@hydrolog/eventstore';
import { outboxText } from '@hydrolog/projections';

/** An outbox message with its code in clear (the list masks it), or "not found". */
export async function revealOutboxMessage(db: Database, messageId: string) {
  const text = await outboxText(db, messageId);
  if (text === null) throw new DomainError('error.outbox.notFound');
  return { messageId, text };
}
