import { executeAll, runBills, type Services } from '@hydrolog/api';
import { addDays, addMonths, billDecider, localDate } from '@hydrolog/domain';
import { listBills, tenantTimeZone, withTenant } from '@hydrolog/projections';
import { uuidv7 } from '@hydrolog/schemas';
import { DEMO_TENANT_ID } from './seed.ts';

/**
 * Once the fleet's history is in: the postpaid demo accounts get their bills of the last two months from the
 * simulated volumes (the bill run, which bills each account and month once, so a later start changes
 * nothing), and every other bill of the earlier month is paid at the counter, so that the bills, transactions
 * and dashboard show real figures.
 */
export async function billDemoMonths(services: Services): Promise<void> {
  await services.runner.catchUp('readings');
  const timeZone = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    tenantTimeZone(sql, DEMO_TENANT_ID),
  );
  const today = localDate(Date.now(), timeZone);
  const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1);
  const earlier = await runBills(services, DEMO_TENANT_ID, {
    today,
    timeZone,
    day: addMonths(lastMonth, -1),
  });
  await runBills(services, DEMO_TENANT_ID, { today, timeZone, day: lastMonth });
  if (earlier.issued === 0) return;
  const { rows } = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    listBills(sql, {
      pageNum: 1,
      pageSize: 1000,
      period: addMonths(lastMonth, -1).slice(0, 7),
      state: 'unpaid',
    }),
  );
  const at = new Date().toISOString();
  const metadata = { tenantId: DEMO_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  for (const bill of rows.filter((_, i) => i % 2 === 0))
    await executeAll(
      services.store,
      [
        {
          decider: billDecider,
          id: bill.billId,
          command: { type: 'PayBill', method: 'counter', operator: 'demo_admin', at },
        },
      ],
      { metadata },
    );
}
