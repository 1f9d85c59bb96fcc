import { execute, type Services } from '@hydrolog/api';
import { addDays, localDate, readingPlanDecider } from '@hydrolog/domain';
import { findMeters, withTenant } from '@hydrolog/projections';
import { type EventMetadata, uuidv7 } from '@hydrolog/schemas';
import type { Fleet } from '@hydrolog/sim';
import { DEMO_TENANT_ID, DEMO_TENANTS } from './seed.ts';

/** Household meters on the demo's walk-by round. */
const ROUND_METERS = 8;

/**
 * A demo walk-by reading plan (once, with the fleet): this week's round of a few household meters, read by
 * the demo operator, so that the plans page and a plan's meters of a fresh demo are not empty.
 */
export async function seedDemoReadingPlans(services: Services, fleet: Fleet): Promise<void> {
  const users = DEMO_TENANTS.flatMap((t) => t.users);
  const dispatcher = users.find((u) => u.userName === 'demo_admin')!.userId;
  const reader = users.find((u) => u.userName === 'demo_operator')!.userId;
  const timeZone = DEMO_TENANTS.find((t) => t.tenantId === DEMO_TENANT_ID)!.settings.timeZone;
  const today = localDate(Date.now(), timeZone);
  const meterNos = fleet.meters
    .filter((m) => m.role === 'household')
    .slice(-ROUND_METERS)
    .map((m) => m.meterNo);
  const meters = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    findMeters(sql, DEMO_TENANT_ID, meterNos),
  );
  const planId = uuidv7();
  const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: dispatcher, correlationId: uuidv7() };
  await execute(
    services.store,
    readingPlanDecider,
    planId,
    [
      {
        type: 'CreateReadingPlan',
        planId,
        name: 'Walk-by round of the week',
        readerId: reader,
        startDate: today,
        endDate: addDays(today, 6),
        groupId: null,
        meterIds: [...meters.values()],
        readerKnown: true,
        groupKnown: true,
        unknownMeterNos: [],
        actorId: dispatcher,
        at: new Date().toISOString(),
      },
    ],
    { metadata, taken: 'error.readingPlan.exists' },
  );
}
