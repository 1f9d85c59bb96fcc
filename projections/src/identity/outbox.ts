import type { Sql } from '@hydrolog/eventstore';
import type { OutboxMessage, PageQuery } from '@hydrolog/schemas';
import { containsPattern } from '../sql.ts';

/** Runs of four or more digits: the one-time codes the outbox's messages carry. */
const CODE = /\d{4,}/g;

/** A message as the outbox lists it: its codes masked, so that reading the list reveals none. */
const maskCodes = (text: string): string => text.replace(CODE, (code) => '*'.repeat(code.length));

/**
 * The outbox of every tenant, newest first (platform operators: run as the owner, not withTenant), codes
 * masked; `outboxText` reveals one message.
 */
export async function listOutbox(
  sql: Sql,
  query: PageQuery & { recipient?: string | undefined; channel?: 'sms' | 'email' | undefined },
): Promise<{ total: number; rows: OutboxMessage[] }> {
  const where = 'WHERE ($1::text IS NULL OR recipient ILIKE $1) AND ($2::text IS NULL OR channel = $2)';
  const params = [containsPattern(query.recipient), query.channel ?? null];
  const total = await sql.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM message_outbox ${where}`,
    params,
  );
  const { rows } = await sql.query<{
    message_id: string;
    tenant_id: string;
    channel: 'sms' | 'email';
    recipient: string;
    text: string;
    queued_at: Date;
  }>(
    `SELECT message_id::text, tenant_id::text, channel, recipient, text, queued_at FROM message_outbox ${where}
     ORDER BY queued_at DESC, message_id DESC LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  return {
    total: total.rows[0]?.count ?? 0,
    rows: rows.map((r) => ({
      messageId: r.message_id,
      tenantId: r.tenant_id,
      channel: r.channel,
      recipient: r.recipient,
      text: maskCodes(r.text),
      queuedAt: r.queued_at.toISOString(),
    })),
  };
}

/** The clear text of one message of the outbox, or null when there is none with this id. */
export async function outboxText(sql: Sql, messageId: string): Promise<string | null> {
  const { rows } = await sql.query<{ text: string }>(
    'SELECT text FROM message_outbox WHERE message_id = $1',
    [messageId],
  );
  return rows[0]?.text ?? null;
}
