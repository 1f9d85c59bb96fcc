import { customerDecider, DomainError, localDate, streamName } from '@hydrolog/domain';
import type { EventStore, Sql } from '@hydrolog/eventstore';
import { existingAccountNos, lastAccountNo, metersForOpening, withTenant } from '@hydrolog/projections';
import { type EventMetadata, type OpenAccount, type TenantSettings, uuidv7 } from '@hydrolog/schemas';
import { isUniqueViolation } from '../commands.ts';
import type { Services } from '../services.ts';

/** The next account number of a generated mode: `sequence` 8 digits, `date_sequence` YYYYMMDD + 4 digits. */
export async function nextAccountNos(
  sql: Sql,
  settings: Pick<TenantSettings, 'accountNoGenMode' | 'timeZone'>,
  count: number,
  now = new Date(),
): Promise<string[]> {
  const prefix =
    settings.accountNoGenMode === 'date_sequence'
      ? localDate(now.getTime(), settings.timeZone).replaceAll('-', '')
      : '';
  const width = settings.accountNoGenMode === 'date_sequence' ? 4 : 8;
  const last = await lastAccountNo(sql, prefix, width);
  return Array.from({ length: count }, (_, i) => `${prefix}${String(last + 1 + i).padStart(width, '0')}`);
}

/** An account ready to open: checked against the read models (number free, meter free and of the tenant). */
export type CheckedAccount = OpenAccount & {
  accountNo: string;
  meterNo: string;
  meterTypeId: string;
  valveControl: boolean;
};

/**
 * Another opening took an account number or a meter of the accounts being opened between their checks and
 * the append, so none of them was opened. Its own message says so; callers that can tell which account
 * and why ask `openingClashes`.
 */
export class OpeningConflict extends DomainError {
  constructor() {
    super('error.customer.openConflict');
  }
}

/** What an account to open clashes with in the read model now. */
export type OpeningClash = 'accountExists' | 'meterTaken';

/**
 * For each account (checked earlier), what it clashes with now: its number exists, or else its meter is on
 * an account; null for none. After an `OpeningConflict`, these are the accounts that caused it.
 */
export async function openingClashes(
  db: Services['db'],
  tenantId: string,
  accounts: readonly Pick<CheckedAccount, 'accountNo' | 'meterNo'>[],
): Promise<(OpeningClash | null)[]> {
  return withTenant(db, tenantId, async (sql) => {
    const numbers = await existingAccountNos(
      sql,
      accounts.map((a) => a.accountNo),
    );
    const meters = await metersForOpening(
      sql,
      accounts.map((a) => a.meterNo),
    );
    return accounts.map((a) =>
      numbers.has(a.accountNo) ? 'accountExists' : meters.get(a.meterNo)?.taken ? 'meterTaken' : null,
    );
  });
}

/**
 * Opens accounts (already checked) in one append, each in its own stream; then closes their valves
 * through `closeValve` when the tenant's `openAccountCloseValve` asks so. Answers the new account ids.
 * Throws `OpeningConflict`, having opened none, when another opening took a number or a meter meanwhile.
 */
export async function openAccounts(
  store: EventStore,
  metadata: EventMetadata,
  settings: Pick<TenantSettings, 'openAccountCloseValve'>,
  accounts: readonly CheckedAccount[],
  closeValve: (meterId: string, commandId: string) => Promise<unknown>,
): Promise<string[]> {
  const openedAt = new Date().toISOString();
  const opened = accounts.map(({ valveControl, ...account }) => {
    const customerId = uuidv7();
    const valveCommandId = settings.openAccountCloseValve && valveControl ? uuidv7() : null;
    const decided = customerDecider.decide(
      { type: 'OpenAccount', ...account, customerId, tenantId: metadata.tenantId, openedAt, valveCommandId },
      customerDecider.initialState(),
    );
    if (decided instanceof DomainError) throw decided;
    return {
      customerId,
      meterId: account.meterId,
      valveCommandId,
      request: {
        stream: streamName(customerDecider, customerId),
        expectedVersion: 'no_stream' as const,
        events: decided.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
      },
    };
  });
  try {
    await store.appendMany(opened.map((o) => o.request));
  } catch (error) {
    // Another opening took a number or a meter between the checks and the append: the append wrote nothing.
    if (isUniqueViolation(error)) throw new OpeningConflict();
    throw error;
  }
  for (const o of opened) if (o.valveCommandId) await closeValve(o.meterId, o.valveCommandId);
  return opened.map((o) => o.customerId);
}
