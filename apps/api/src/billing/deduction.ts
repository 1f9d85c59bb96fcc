import {
  arrearsReached,
  type CustomerCommand,
  customerDecider,
  cycleOf,
  dayCharge,
  litresOf,
  type Tariff,
  versionOn,
} from '@hydrolog/domain';
import {
  type DeductionAccount,
  deductedLitres,
  deductionAccounts,
  priceSchemeVersions,
  withTenant,
} from '@hydrolog/projections';
import { type DeductionRun, type EventData, type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import { executeAll, type StreamCommand } from '../commands.ts';
import type { CommandDispatch } from '../ingest/dispatch.ts';
import { startTenantJob } from '../periodic-job.ts';
import type { Services } from '../services.ts';

/**
 * The prepaid deduction of a tenant: every prepaid account that bills pays, from its balance, for each day
 * of water before `today` it has not paid for, in order, at its scheme's price (the steps filled by the
 * accumulation cycle's earlier days). A day whose volume is not known yet (its readings are still to come)
 * waits, with the days after it; one that a known later day shows will never be known is paid at what the
 * meter measured of it. A day paid for is an event of the account, so a rerun, or two runs at once,
 * pay for no day twice. When a day's arrears reach the account's closing threshold and its meter has a valve,
 * the valve is closed in the same append.
 */
export async function runDeduction(
  services: Services,
  dispatch: CommandDispatch,
  metadata: EventMetadata,
  today: string,
  timeZone: string,
): Promise<DeductionRun> {
  const { tenantId } = metadata;
  const accounts = await withTenant(services.db, tenantId, (sql) => deductionAccounts(sql, today, timeZone));
  const tariffs = new Map<string, Tariff | null>();
  const run: DeductionRun = { accounts: 0, days: 0, amount: 0, valvesClosed: 0 };
  for (const account of accounts) {
    if (!tariffs.has(account.priceSchemeId))
      tariffs.set(
        account.priceSchemeId,
        await withTenant(services.db, tenantId, (sql) => priceSchemeVersions(sql, account.priceSchemeId)),
      );
    const tariff = tariffs.get(account.priceSchemeId);
    if (!tariff) continue;
    const paid = await deductAccount(services, dispatch, metadata, account, tariff);
    if (paid.days === 0) continue;
    run.accounts += 1;
    run.days += paid.days;
    run.amount += paid.cents / 100;
    run.valvesClosed += paid.valvesClosed;
  }
  run.amount = Math.round(run.amount * 100) / 100;
  return run;
}

async function deductAccount(
  services: Services,
  dispatch: CommandDispatch,
  metadata: EventMetadata,
  account: DeductionAccount,
  tariff: Tariff,
): Promise<{ days: number; cents: number; valvesClosed: number }> {
  const paid = { days: 0, cents: 0, valvesClosed: 0 };
  let balanceCents = account.balanceCents;
  let cycle = { from: '', litres: 0 };
  // A day not known may still be completed by late readings, unless a later day is known already: then it
  // never will be, and what the meter measured of it is paid.
  const lastKnown = account.days.findLastIndex((d) => d.volume !== null);
  for (const [i, { day, volume, measured }] of account.days.entries()) {
    if (volume === null && i > lastKnown) break;
    const litres = litresOf(volume ?? measured);
    const from = cycleOf(tariff.startTime, tariff.accumulationCycle, day).from;
    if (cycle.from !== from)
      cycle = {
        from,
        litres: await withTenant(services.db, metadata.tenantId, (sql) =>
          deductedLitres(sql, account.customerId, from, day),
        ),
      };
    // Before the scheme's first prices a day costs nothing.
    const charge = versionOn(tariff, day)
      ? dayCharge(tariff, day, { litres, accumulatedLitres: cycle.litres }).parts.flatMap((p) => p.lines)
      : [];
    const amountCents = charge.reduce((sum, line) => sum + line.amountCents, 0);
    const valve =
      account.valveControl &&
      account.arrearsCloseThresholdCents !== null &&
      arrearsReached(balanceCents - amountCents, account.arrearsCloseThresholdCents)
        ? await dispatch.issuing(metadata, account.meterId, 'valveClose')
        : null;
    const steps: StreamCommand[] = [
      {
        decider: customerDecider,
        id: account.customerId,
        command: {
          type: 'Deduct',
          day,
          meterId: account.meterId,
          priceSchemeId: account.priceSchemeId,
          litres,
          accumulatedLitres: cycle.litres,
          lines: charge,
          amountCents,
          at: new Date().toISOString(),
          valve: valve ? { commandId: valve.id, thresholdCents: account.arrearsCloseThresholdCents! } : null,
        } satisfies CustomerCommand,
      },
    ];
    if (valve) steps.push(issuedIfNamed(valve));
    const [events] = await executeAll(services.store, steps, { metadata });
    const deducted = events?.[0]?.data as EventData<'AccountDeducted'> | undefined;
    cycle.litres += litres;
    balanceCents -= amountCents;
    if (!deducted) continue;
    paid.days += 1;
    paid.cents += amountCents;
    if (deducted.valveCommandId) paid.valvesClosed += 1;
  }
  if (paid.valvesClosed > 0) dispatch.announce();
  return paid;
}

/**
 * A valve command step appended only when the account's event of the same change names it: the account's
 * decider, not the caller, says whether arrears call for closing or opening the valve.
 */
export function issuedIfNamed(valve: StreamCommand): StreamCommand {
  return {
    ...valve,
    command: (earlier: readonly { data: unknown }[][]) =>
      earlier[0]?.some((e) => (e.data as { valveCommandId?: string | null }).valveCommandId === valve.id)
        ? valve.command
        : null,
  };
}

/** Runs the prepaid deduction of every tenant with prepaid accounts, at start and every `everyMs`. */
export function startDeductionJob(
  services: Services,
  dispatch: CommandDispatch,
  everyMs: number,
): () => void {
  return startTenantJob(services, {
    name: 'prepaid deduction job',
    everyMs,
    async tenants() {
      const { rows } = await services.db.query<{ tenant_id: string }>(
        `SELECT DISTINCT tenant_id::text FROM customers
         WHERE status <> 'cancelled' AND account->>'businessMode' = 'prepaid'`,
      );
      return rows.map((r) => r.tenant_id);
    },
    run: (tenantId, today, timeZone) =>
      runDeduction(services, dispatch, { tenantId, correlationId: uuidv7() }, today, timeZone),
  });
}
