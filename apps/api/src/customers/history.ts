import { customerDecider, streamName } from '@hydrolog/domain';
import { getMeterCommand, operatorNames, valveCommandView } from '@hydrolog/projections';
import type { CustomerHistoryEntry } from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { readAsCaller } from '../auth/guard.ts';
import type { Services } from '../services.ts';
import { accountOf } from './accounts.ts';

/** The account's history from its event stream, newest first: who did what, when, with what result. */
export async function accountHistory(
  { db, store }: Services,
  request: FastifyRequest,
  customerId: string,
): Promise<CustomerHistoryEntry[]> {
  await accountOf(db, request, customerId); // another tenant's account is "not found"
  const events = await store.readStream(streamName(customerDecider, customerId));
  const entries = await readAsCaller(db, request, async (sql) => {
    const names = await operatorNames(
      sql,
      events.map((e) => e.metadata.userId ?? ''),
    );
    const history: CustomerHistoryEntry[] = [];
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      const commandId = typeof data.valveCommandId === 'string' ? data.valveCommandId : null;
      const command = commandId ? await getMeterCommand(sql, commandId) : null;
      const userId = event.metadata.userId ?? null;
      history.push({
        eventId: event.id,
        type: event.type,
        at: event.recordedAt.toISOString(),
        operator: userId ? (names.get(userId) ?? userId) : null,
        detail: historyDetail(event.type, data),
        valveCommand: command ? valveCommandView(command) : null,
      });
    }
    return history;
  });
  return entries.reverse();
}

/** What the history shows of an event besides its type, time and operator. */
function historyDetail(type: string, data: Record<string, unknown>): CustomerHistoryEntry['detail'] {
  switch (type) {
    case 'CustomerOpened':
      return {
        accountNo: data.accountNo as string,
        name: data.name as string,
        meterNo: data.meterNo as string,
      };
    case 'CustomerTransferred':
      return { name: data.name as string, phone: data.phone as string };
    case 'CustomerMeterChanged':
      return { meterNo: data.meterNo as string };
    case 'AccountRecharged':
    case 'AccountRefunded':
      return { amount: data.amount as number, payChannel: data.payChannel as string };
    case 'AccountDeducted':
      return { amount: (data.amountCents as number) / 100, day: data.day as string };
    case 'AccountBillPaid':
    case 'AccountBillCredited':
      return { amount: (data.amountCents as number) / 100 };
    default:
      return {};
  }
}
