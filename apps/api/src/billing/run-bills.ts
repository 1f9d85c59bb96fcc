import {
  addDays,
  type BillInput,
  billDecider,
  billingPeriodOf,
  billOf,
  DomainError,
  lastEndedPeriod,
  litresOf,
  type PeriodPlan,
  planPeriod,
  streamName,
  type Tariff,
  versionOn,
} from '@hydrolog/domain';
import { type AppendRequest, type Sql, WrongExpectedVersionError } from '@hydrolog/eventstore';
import {
  accountDailyConsumption,
  type BillRunAccount,
  billMetersOf,
  billRunPage,
  postpaidSchemeIds,
  priceSchemeVersions,
  withTenant,
} from '@hydrolog/projections';
import { type BillRunResult, type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import { derivedId } from '../derived-id.ts';
import type { Services } from '../services.ts';

/** Accounts read and billed per page: one statement reads a page, one append issues its bills. */
export const BILL_RUN_PAGE = 2000;
const MAX_PAGE_ATTEMPTS = 3;

/**
 * The id of an account's bill starting on `from` (a period's first day, or the day a closing bill ended): a
 * rerun names the same stream, and two bills never start on the same day.
 */
export const billIdOf = (customerId: string, from: string) => derivedId(`bill.${customerId}.${from}`);

/**
 * The bill run of a tenant: every postpaid account that bills, on each price scheme, gets its bill for the
 * scheme's billing period holding `day` (by default the last period that ended by `today`); a period not yet
 * ended is not billed. Of a period whose start a closing bill (freeze, transfer, tariff renewal) billed, only
 * the rest is billed, from where that bill ended. Safe to run twice, and after a crash in the middle: each
 * bill's stream is named by its account and first day, an account billed to the period's end is passed over,
 * and a page whose streams another run wrote meanwhile is read again. Memory stays flat: accounts are read a
 * page at a time (keyset on the account id) with their volumes summed per stretch of the period in the same
 * statement, the next page read while each page's bills are appended at once (the bills read model is
 * applied in the same transaction).
 */
export async function runBills(
  services: Services,
  tenantId: string,
  options: { today: string; timeZone: string; day?: string | undefined; userId?: string | undefined },
): Promise<BillRunResult> {
  const result = { accounts: 0, issued: 0, alreadyBilled: 0, noReading: 0, amountCents: 0 };
  const metadata: EventMetadata = {
    tenantId,
    correlationId: uuidv7(),
    ...(options.userId ? { userId: options.userId } : {}),
  };
  const schemes = await withTenant(services.db, tenantId, async (sql) => {
    const ids = await postpaidSchemeIds(sql);
    const found: { priceSchemeId: string; tariff: Tariff }[] = [];
    for (const priceSchemeId of ids) {
      const scheme = await priceSchemeVersions(sql, priceSchemeId);
      if (scheme) found.push({ priceSchemeId, tariff: scheme });
    }
    return found;
  });
  const issuedAt = new Date().toISOString();
  for (const { priceSchemeId, tariff } of schemes) {
    const period = options.day
      ? billingPeriodOf(tariff, options.day)
      : lastEndedPeriod(tariff, options.today);
    // A period under way, or before the scheme's first prices, has nothing to bill yet.
    if (period.to > options.today || !versionOn(tariff, period.from)) continue;
    const plan = planPeriod(tariff, period);
    const { bounds } = plan;
    const run: RunContext = {
      tenantId,
      priceSchemeId,
      tariff,
      period,
      plan,
      issuedAt,
      timeZone: options.timeZone,
    };
    const readPage = (after: string | null, attempt = 1) =>
      withTenant(services.db, tenantId, async (sql) => {
        const accounts = await billRunPage(sql, {
          priceSchemeId,
          bounds,
          afterCustomerId: after,
          limit: BILL_RUN_PAGE,
          timeZone: options.timeZone,
        });
        const inputs: BillInput[] = [];
        for (const account of accounts) {
          if (account.billedTo !== null && account.billedTo >= period.to) continue;
          inputs.push(await inputOf(sql, run, account));
        }
        return { after, attempt, accounts, inputs };
      });
    // The next page is read while this one's bills are appended (its accounts are others).
    let next: ReturnType<typeof readPage> | null = readPage(null);
    while (next) {
      const page: Awaited<ReturnType<typeof readPage>> = await next;
      if (page.accounts.length === 0) break;
      next = page.accounts.length < BILL_RUN_PAGE ? null : readPage(page.accounts.at(-1)!.customerId);
      const requests: AppendRequest[] = page.inputs.map((input) => {
        // The read model says the stream is new: decided on the initial state, appended as 'no_stream'.
        const decided = billDecider.decide(
          { type: 'IssueBill', bill: billOf(input) },
          billDecider.initialState(),
        );
        if (decided instanceof DomainError) throw decided;
        return {
          stream: streamName(billDecider, input.billId),
          expectedVersion: 'no_stream',
          events: decided.map((e) => ({ id: uuidv7(), type: e.type, data: e.data, metadata })),
        };
      });
      try {
        if (requests.length > 0) await services.store.appendMany(requests);
      } catch (error) {
        // Another run billed some of these accounts meanwhile: read the page again, passing them over (a few
        // times: a read model that never shows the bills would otherwise loop).
        const retry = error instanceof WrongExpectedVersionError && page.attempt < MAX_PAGE_ATTEMPTS;
        const skipped = next;
        next = retry ? readPage(page.after, page.attempt + 1) : null;
        await skipped?.catch(() => undefined);
        if (!retry) throw error;
        continue;
      }
      result.accounts += page.accounts.length;
      result.alreadyBilled += page.accounts.length - page.inputs.length;
      result.issued += requests.length;
      for (const request of requests) {
        const bill = request.events[0]!.data as ReturnType<typeof billOf>;
        if (bill.noReading) result.noReading += 1;
        result.amountCents += bill.totalCents;
      }
    }
  }

  return {
    accounts: result.accounts,
    issued: result.issued,
    alreadyBilled: result.alreadyBilled,
    noReading: result.noReading,
    amount: result.amountCents / 100,
  };
}

interface RunContext {
  tenantId: string;
  priceSchemeId: string;
  tariff: Tariff;
  period: { from: string; to: string };
  plan: PeriodPlan;
  issuedAt: string;
  timeZone: string;
}

/**
 * What an account's bill is computed from. What is left to bill of the period starts where a closing bill
 * (freeze, transfer, tariff renewal) ended, if one billed its start: that rest is billed alone, under its
 * own plan. Its litres per stretch of the period (the day of each stretch's start stands for it); or, when a
 * meter of the account was replaced since the period began or only a rest is billed, its litres per day.
 */
async function inputOf(sql: Sql, run: RunContext, account: BillRunAccount): Promise<BillInput> {
  const rest = account.billedTo !== null && account.billedTo > run.period.from;
  const period = rest ? { from: account.billedTo!, to: run.period.to } : run.period;
  const base = {
    billId: billIdOf(account.customerId, period.from),
    tenantId: run.tenantId,
    customerId: account.customerId,
    accountNo: account.accountNo,
    holderName: account.holderName,
    priceSchemeId: run.priceSchemeId,
    tariff: run.tariff,
    period,
    accumulatedLitres: account.accumulatedLitres ?? 0,
    issuedAt: run.issuedAt,
    plan: rest ? planPeriod(run.tariff, period) : run.plan,
    surchargeItems: account.surchargeItems,
  };
  if (account.replaced || rest)
    return {
      ...base,
      ...(await dailyBillDays(sql, account.customerId, period, account.firstDay, run.timeZone)),
    };
  return {
    ...base,
    days:
      account.daysRead === 0
        ? []
        : account.stretchLitres.map((litres, i) => ({ day: run.plan.bounds[i]!, litres })),
    meters: [
      {
        meterId: account.meterId,
        meterNo: account.meterNo,
        startReading: account.startReading,
        endReading: account.endReading,
      },
    ],
    meterChanged: false,
  };
}

/**
 * An account's litres per day of [from, to), from `firstDay` on (the day it opened), over every meter it was
 * on (accountDailyConsumption), with those meters' readings; no day at all when no meter reported.
 */
export async function dailyBillDays(
  sql: Sql,
  customerId: string,
  { from, to }: { from: string; to: string },
  firstDay: string,
  timeZone: string,
): Promise<Pick<BillInput, 'days' | 'meters' | 'meterChanged'>> {
  const days = await accountDailyConsumption(sql, customerId, from, addDays(to, -1), timeZone);
  const meters = await billMetersOf(sql, customerId, from, to, timeZone);
  return {
    days: meters.read
      ? days.filter((d) => d.day >= firstDay).map((d) => ({ day: d.day, litres: litresOf(d.volume) }))
      : [],
    meters: meters.list,
    meterChanged: meters.changed,
  };
}
