import {
  type CustomerCommand,
  customerDecider,
  DomainError,
  localDate,
  localMidnight,
  type OpeningFacts,
} from '@hydrolog/domain';
import type { AppendRequest, EventStore, Sql } from '@hydrolog/eventstore';
import {
  earliestOpeningDay,
  existingAccountNos,
  findCustomerByAccountNo,
  lastAccountNo,
  meterForOpening,
  metersForOpening,
  withTenant,
} from '@hydrolog/projections';
import {
  type CustomerView,
  type EventMetadata,
  type OpenAccount,
  type TenantSettings,
  uuidv7,
} from '@hydrolog/schemas';
import type { FastifyRequest } from 'fastify';
import { callerMetadata, callerOf, readAsCaller } from '../auth/guard.ts';
import { priceSchemeOf } from '../billing/index.ts';
import { appendOfNew, decideNew, isUniqueViolation, type StreamCommand } from '../commands.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import type { Services } from '../services.ts';
import { accountOf } from './accounts.ts';
import { tenantSettings } from './caller.ts';
import { customerTypeOf } from './customer-types.ts';

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

/**
 * An account to open: its number and meter, and what the rules of opening need to know of them, read from
 * the read models (`facts`: the customer decider refuses by them).
 */
export type AccountToOpen = Omit<OpenAccount, 'openedOn'> & {
  accountNo: string;
  meterNo: string;
  meterTypeId: string;
  valveControl: boolean;
  facts: OpeningFacts;
};

/** The step opening an account as a new customer stream. */
function openingStep(
  tenantId: string,
  customerId: string,
  { valveControl: _, ...account }: AccountToOpen,
  openedAt: string,
  valveCommandId: string | null,
): StreamCommand {
  const command: CustomerCommand = {
    type: 'OpenAccount',
    ...account,
    customerId,
    tenantId,
    openedAt,
    valveCommandId,
  };
  return { decider: customerDecider, id: customerId, command };
}

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
 * For each account (read earlier), what it clashes with now: its number exists, or else its meter is on
 * an account; null for none. After an `OpeningConflict`, these are the accounts that caused it.
 */
export async function openingClashes(
  db: Services['db'],
  tenantId: string,
  accounts: readonly Pick<AccountToOpen, 'accountNo' | 'meterNo'>[],
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

/** What an opening needs of the downlink dispatch to close its valves (none: the valves stay as they are). */
export type ValveDispatch = Pick<CommandDispatch, 'issuing' | 'announce'>;

/**
 * Opens accounts in one append (now, unless a seed says when), each in its own stream, with the commands
 * closing their valves when the tenant's `openAccountCloseValve` asks so: an account never lacks the command
 * it names. Answers the new account ids. Throws the refusal of the first account its facts refuse, or
 * `OpeningConflict`, having opened none, when another opening took a number or a meter meanwhile.
 */
export async function openAccounts(
  store: EventStore,
  metadata: EventMetadata,
  settings: Pick<TenantSettings, 'openAccountCloseValve'>,
  accounts: readonly AccountToOpen[],
  valves: ValveDispatch | null,
  /** When the accounts opened: now, unless a seed opens them back in the history it loads. */
  openedAt = new Date().toISOString(),
): Promise<string[]> {
  const opened = [];
  const requests: AppendRequest[] = [];
  for (const account of accounts) {
    const customerId = uuidv7();
    const closing =
      valves && settings.openAccountCloseValve && account.valveControl
        ? await valves.issuing(metadata, account.meterId, 'valveClose')
        : null;
    const opening = openingStep(metadata.tenantId, customerId, account, openedAt, closing?.id ?? null);
    requests.push(appendOfNew(opening, metadata));
    if (closing) requests.push(appendOfNew(closing, metadata));
    opened.push(customerId);
  }
  try {
    await store.appendMany(requests);
  } catch (error) {
    // Another opening took a number or a meter between the checks and the append: the append wrote nothing.
    if (isUniqueViolation(error)) throw new OpeningConflict();
    throw error;
  }
  if (valves && requests.length > opened.length) valves.announce();
  return opened;
}

/**
 * Opens accounts for the caller (at `openedAt`, now by default), the valves closed through the downlink
 * dispatch. Answers the new account ids, or, when another opening took a number or a meter meanwhile (none
 * opened), the conflict with what each account clashes with now.
 */
export async function openForCaller(
  { db, store }: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  settings: TenantSettings,
  accounts: readonly AccountToOpen[],
  openedAt?: string,
): Promise<{ opened: string[] } | { conflict: OpeningConflict; clashes: (OpeningClash | null)[] }> {
  const metadata = callerMetadata(request);
  try {
    return { opened: await openAccounts(store, metadata, settings, accounts, dispatch, openedAt) };
  } catch (error) {
    if (!(error instanceof OpeningConflict)) throw error;
    return { conflict: error, clashes: await openingClashes(db, metadata.tenantId, accounts) };
  }
}

/**
 * Opens an account with a meter, now or on the earlier day given; its number is the one given, or generated
 * per the tenant's settings.
 */
export async function openAccount(
  services: Services,
  dispatch: CommandDispatch,
  request: FastifyRequest,
  { openedOn, ...body }: OpenAccount,
): Promise<CustomerView> {
  const { db } = services;
  const settings = await tenantSettings(db, request);
  await customerTypeOf(db, request, body.customerTypeId);
  // Another tenant's scheme, or one deleted, is unknown to the caller.
  if (body.priceSchemeId) await priceSchemeOf(db, request, body.priceSchemeId);
  const meter = await readAsCaller(db, request, (sql) => meterForOpening(sql, body.meterId));
  if (!meter) throw new DomainError('error.meter.notFound');
  const given = body.accountNo;
  const holder = given ? await readAsCaller(db, request, (sql) => findCustomerByAccountNo(sql, given)) : null;
  const now = new Date();
  const today = localDate(now.getTime(), settings.timeZone);
  // An account opened on an earlier day opens at that day's start, so that its bills count the whole day.
  const backdated = openedOn !== undefined && openedOn !== today;
  const earliest = backdated
    ? ((await readAsCaller(db, request, (sql) => earliestOpeningDay(sql, body.meterId, settings.timeZone))) ??
      today)
    : today;
  const facts: OpeningFacts = {
    meterOnAccount: meter.taken,
    accountNoGiven: Boolean(given),
    manualAccountNos: settings.accountNoGenMode === 'manual',
    accountNoTaken: holder !== null,
    ...(backdated ? { openedOn: { day: openedOn, today, earliest } } : {}),
  };
  const openedAt = backdated ? new Date(localMidnight(openedOn, settings.timeZone)) : now;
  const accountNo =
    given ?? ((await readAsCaller(db, request, (sql) => nextAccountNos(sql, settings, 1)))[0] as string);
  const account = {
    ...body,
    accountNo,
    meterNo: meter.meterNo,
    meterTypeId: meter.meterTypeId,
    valveControl: meter.valveControl,
    facts,
  };
  const result = await openForCaller(
    services,
    dispatch,
    request,
    settings,
    [account],
    openedAt.toISOString(),
  );
  if ('conflict' in result) {
    // Decided again on what was taken meanwhile, the decider says which, as it would have before the
    // append; a generated number taken meanwhile keeps the conflict's own message (open again for a new one).
    const [clash] = result.clashes;
    const meanwhile = {
      ...account,
      facts: { ...facts, meterOnAccount: clash === 'meterTaken', accountNoTaken: clash === 'accountExists' },
    };
    const decided = decideNew(
      openingStep(callerOf(request).tenantId, uuidv7(), meanwhile, new Date().toISOString(), null),
    );
    throw decided instanceof DomainError ? decided : result.conflict;
  }
  return accountOf(db, request, result.opened[0] as string);
}
