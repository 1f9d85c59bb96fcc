import {
  addDays,
  type CustomerState,
  customerDecider,
  type DebtState,
  DomainError,
  debtDecider,
} from '@hydrolog/domain';
import { testEngines } from '@hydrolog/eventstore/testing';
import { type DomainEvent, uuidv7 } from '@hydrolog/schemas';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customersProjection,
  listTransactions,
  surchargesProjection,
  transactionsProjection,
  usersProjection,
  withTenant,
} from '../../src/index.ts';
import { type ProjectionsFixture, projectionsOn } from '../fixtures.ts';

const AT = '2026-03-01T08:00:00.000Z';

const ops = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('recharge' as const), cents: fc.integer({ min: 1, max: 500_000 }) }),
    fc.constant({ kind: 'refund' as const }),
    fc.record({ kind: fc.constant('payDebt' as const), cents: fc.integer({ min: 1, max: 5_000 }) }),
    fc.record({ kind: fc.constant('deduct' as const), cents: fc.integer({ min: 0, max: 50_000 }) }),
    fc.record({ kind: fc.constant('credit' as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({
      kind: fc.constant('rechargeWithDebt' as const),
      cents: fc.integer({ min: 1, max: 5_000 }),
      debtCents: fc.integer({ min: 1, max: 5_000 }),
    }),
  ),
  { maxLength: 12 },
);

describe.each(testEngines())('transactions projection on $engine', (engine) => {
  let fx: ProjectionsFixture;
  const tenantId = uuidv7();
  const metadata = { tenantId, correlationId: uuidv7() };
  beforeAll(async () => {
    fx = await projectionsOn(engine, [
      usersProjection,
      customersProjection,
      surchargesProjection,
      transactionsProjection,
    ]);
  });
  afterAll(() => fx.db.close());

  it('after any recharges, refunds, deductions, bill credits and debt payments the balance is the sum of the movements, and a rebuild gives the same rows', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (steps) => {
        const customerId = uuidv7();
        const debtId = uuidv7();
        let account: CustomerState = {
          exists: true,
          customerId,
          status: 'active',
          meterId: uuidv7(),
          priceSchemeId: null,
          balanceCents: 0,
          lastDeductedDay: null,
          arrearsClosed: false,
        };
        let day = '2026-03-01';
        let debt: DebtState = debtDecider.initialState();
        const decideDebt = (command: Parameters<typeof debtDecider.decide>[0]) => {
          const events = debtDecider.decide(command, debt);
          if (events instanceof DomainError) return [];
          debt = events.reduce(debtDecider.evolve, debt);
          return events;
        };
        const decideAccount = (command: Parameters<typeof customerDecider.decide>[0]) => {
          const events = customerDecider.decide(command, account);
          if (events instanceof DomainError) return [];
          account = events.reduce(customerDecider.evolve, account);
          return events;
        };
        const debtEvents = decideDebt({
          type: 'AddDebt',
          debtId,
          tenantId,
          customerId,
          debtType: 'water',
          feeName: 'Arrears',
          amount: 200,
          operator: 'op',
          at: AT,
        });
        await fx.append(`debt-${debtId}`, debtEvents, metadata);
        for (const step of steps) {
          const at = AT;
          if (step.kind === 'payDebt') {
            await fx.append(
              `debt-${debtId}`,
              decideDebt({ type: 'PayDebt', amount: step.cents / 100, operator: 'op', at }),
              metadata,
            );
          } else if (step.kind === 'deduct') {
            // A prepaid day's water, which may take the balance below zero.
            day = addDays(day, 1);
            await fx.append(
              `customer-${customerId}`,
              decideAccount({
                type: 'Deduct',
                day,
                meterId: account.exists ? account.meterId : uuidv7(),
                priceSchemeId: uuidv7(),
                litres: step.cents,
                accumulatedLitres: 0,
                lines: [],
                amountCents: step.cents,
                at,
                valve: null,
              }),
              metadata,
            );
          } else if (step.kind === 'credit') {
            // A bill's correction credited to the balance.
            await fx.append(
              `customer-${customerId}`,
              decideAccount({ type: 'CreditBill', billId: uuidv7(), amountCents: step.cents, at }),
              metadata,
            );
          } else if (step.kind === 'refund') {
            await fx.append(
              `customer-${customerId}`,
              decideAccount({ type: 'Refund', at, payChannel: '0' }),
              metadata,
            );
          } else {
            // A recharge pays the debt's instalment first while the debt has something left.
            const residual = debt.exists ? debt.residualCents : 0;
            const instalmentCents = step.kind === 'rechargeWithDebt' ? step.debtCents : 0;
            const due = {
              debts:
                residual > 0 && instalmentCents > 0
                  ? [{ debtId, feeName: 'Arrears', instalmentCents, residualCents: residual }]
                  : [],
              surcharges: [],
            };
            const recharged = decideAccount({
              type: 'Recharge',
              at,
              amount: step.cents / 100,
              payChannel: '0',
              due,
            });
            const paidFirst = recharged.flatMap((e) =>
              e.type === 'AccountRecharged' ? (e.data.deductions ?? []) : [],
            );
            const paid: DomainEvent[] = paidFirst.flatMap((d) =>
              decideDebt({
                type: 'PayDebt',
                amount: d.amountCents / 100,
                operator: 'op',
                at,
                byRecharge: true,
              }),
            );
            await fx.append(`customer-${customerId}`, recharged, metadata);
            await fx.append(`debt-${debtId}`, paid, metadata);
          }
        }
        const rows = await fx.rows(
          `SELECT balance_change_cents::int AS change, balance_after_cents::int AS after, type, amount_cents::int AS amount
           FROM transactions WHERE customer_id = $1 ORDER BY transaction_id`,
          [customerId],
        );
        const sum = rows.reduce((s, r) => s + (r.change as number), 0);
        expect(sum).toBe(account.balanceCents);
        expect(rows.at(-1)?.after ?? 0).toBe(account.balanceCents);
        const debtPaid = rows
          .filter((r) => r.type === 'debtPayment')
          .reduce((s, r) => s + (r.amount as number), 0);
        expect(debtPaid).toBe(debt.exists ? debt.amountCents - debt.residualCents : 0);
      }),
      { numRuns: 25 },
    );
    expect((await fx.runner.verify('transactions')).equal).toBe(true);
  });

  it('lists the movements newest first, filtered by type, and only to their tenant', async () => {
    const customerId = uuidv7();
    await fx.append(
      `customer-${customerId}`,
      [{ type: 'AccountRecharged', data: { customerId, at: AT, amount: 12.34, payChannel: '0' } }],
      metadata,
    );
    const page = { pageNum: 1, pageSize: 10 };
    const { rows } = await withTenant(fx.db, tenantId, (sql) =>
      listTransactions(sql, { ...page, type: 'recharge', beginTime: '2026-03-01', endTime: '2026-03-01' }),
    );
    expect(rows.find((r) => r.customerId === customerId)).toMatchObject({
      type: 'recharge',
      amount: 12.34,
      balanceChange: 12.34,
      balanceAfter: 12.34,
      reference: '0',
    });
    const none = await withTenant(fx.db, tenantId, (sql) =>
      listTransactions(sql, { ...page, endTime: '2026-02-28' }),
    );
    expect(none.total).toBe(0);
    expect((await withTenant(fx.db, uuidv7(), (sql) => listTransactions(sql, page))).total).toBe(0);
  });
});
