import { execute, openAccounts, type Services } from '@hydrolog/api';
import { customerDecider, customerTypeDecider, DomainError, priceSchemeDecider } from '@hydrolog/domain';
import { metersForOpening, withTenant } from '@hydrolog/projections';
import {
  type EventMetadata,
  openAccountBodySchema,
  type PriceSchemeBody,
  priceSchemeBodySchema,
  uuidv7,
} from '@hydrolog/schemas';
import { demoMeterFaults, type Fleet } from '@hydrolog/sim';
import { DEMO_TENANT_ID } from './seed.ts';
import { seedDemoSurcharges } from './surcharges.ts';

/** Household meters before this index stay without an account (the browser tests open accounts on them). */
const FIRST_SEEDED = 20;
const SEEDED = 60;
const SURNAMES = ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Zhao', 'Huang', 'Zhou', 'Wu'];
const GIVEN = ['Wei', 'Fang', 'Na', 'Min', 'Jing', 'Lei', 'Qiang', 'Yan', 'Jun', 'Hui', 'Tao', 'Xiu'];

/** The demo's tariffs from the start of the year: a yearly ladder billed monthly, and a flat price. */
function demoSchemes(): PriceSchemeBody[] {
  const startTime = `${new Date().getUTCFullYear()}-01-01`;
  const common = { accumulationCycle: 12, billingCycle: 1, startTime, vatRate: 9 };
  return [
    {
      ...common,
      name: 'Domestic ladder',
      chargingModel: 'tiered',
      standingCharge: 2.5,
      steps: [
        { startVolume: 0, endVolume: 180, unitPrice: 3.45 },
        { startVolume: 180, endVolume: 260, unitPrice: 4.83 },
        { startVolume: 260, endVolume: -1, unitPrice: 9.38 },
      ],
    },
    {
      ...common,
      name: 'Flat commercial',
      chargingModel: 'flat',
      standingCharge: 0,
      steps: [{ startVolume: 0, endVolume: -1, unitPrice: 5.2 }],
    },
  ];
}

/** Creates the demo's price schemes; answers their ids. */
async function seedPriceSchemes(services: Services, metadata: EventMetadata): Promise<string[]> {
  const ids: string[] = [];
  for (const body of demoSchemes()) {
    const priceSchemeId = uuidv7();
    await execute(
      services.store,
      priceSchemeDecider,
      priceSchemeId,
      [
        {
          type: 'CreatePriceScheme',
          ...priceSchemeBodySchema.parse(body),
          priceSchemeId,
          tenantId: DEMO_TENANT_ID,
          createdAt: new Date().toISOString(),
        },
      ],
      { metadata, taken: 'error.priceScheme.exists' },
    );
    ids.push(priceSchemeId);
  }
  return ids;
}

/**
 * Demo accounts on the simulated household meters (once, with the fleet): a "Residential" customer type
 * and accounts D0001.. with a few recharges and a price scheme each (mostly the ladder), so that the
 * customers and price screens of a fresh demo are not empty.
 */
export async function seedDemoCustomers(
  services: Services,
  fleet: Fleet,
  openedAt = new Date().toISOString(),
): Promise<void> {
  const metadata: EventMetadata = { tenantId: DEMO_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  const customerTypeId = uuidv7();
  await execute(
    services.store,
    customerTypeDecider,
    customerTypeId,
    [
      {
        type: 'CreateCustomerType',
        customerTypeId,
        tenantId: DEMO_TENANT_ID,
        name: 'Residential',
        remark: null,
        createdAt: new Date().toISOString(),
      },
    ],
    { metadata, taken: 'error.customerType.exists' },
  ).catch((error) => {
    if (!(error instanceof DomainError)) throw error;
  });
  const [ladder, flat] = await seedPriceSchemes(services, metadata);
  const households = fleet.meters
    .filter((m) => m.role === 'household')
    .slice(FIRST_SEEDED, FIRST_SEEDED + SEEDED);
  const meters = await withTenant(services.db, DEMO_TENANT_ID, (sql) =>
    metersForOpening(
      sql,
      households.map((m) => m.meterNo),
    ),
  );
  const accounts = households.flatMap((household, i) => {
    const meter = meters.get(household.meterNo);
    if (!meter || meter.taken) return [];
    const body = openAccountBodySchema.parse({
      accountNo: `D${String(i + 1).padStart(4, '0')}`,
      name: `${SURNAMES[i % SURNAMES.length]} ${GIVEN[(i * 7) % GIVEN.length]}`,
      phone: `139${String(10_000_000 + i * 7919).slice(-8)}`,
      address: household.address,
      customerTypeId,
      meterId: meter.meterId,
      businessMode: meter.billingMode,
      payChannel: String(i % 4),
      priceSchemeId: i % 5 === 4 ? flat : ladder,
    });
    return [
      {
        ...body,
        accountNo: body.accountNo as string,
        meterNo: meter.meterNo,
        meterTypeId: meter.meterTypeId,
        valveControl: meter.valveControl,
        // Seeded once, with the fleet: its numbers are new (the read model's unique index stands behind).
        facts: {
          meterOnAccount: meter.taken,
          accountNoGiven: true,
          manualAccountNos: false,
          accountNoTaken: false,
        },
      },
    ];
  });
  if (accounts.length === 0) return;
  // One prepaid account whose simulated valve works runs out of money within days of the history: the daily
  // deduction takes it into arrears and closes its valve, which its first recharge after that opens again.
  // Not one of the meters the simulator makes misbehave: their own alarms stay the only ones on them.
  const faulty = new Set(demoMeterFaults(fleet, new Date()).map((f) => f.meterNo));
  const valves = new Set(
    households.filter((h) => h.valveCapable && !faulty.has(h.meterNo)).map((h) => h.meterNo),
  );
  const runsOut = accounts.findIndex(
    (a) => a.businessMode === 'prepaid' && a.valveControl && valves.has(a.meterNo),
  );
  if (runsOut >= 0) Object.assign(accounts[runsOut]!, { arrearsCloseThreshold: 0, balanceThreshold: 20 });
  const customerIds = await openAccounts(
    services.store,
    metadata,
    { openAccountCloseValve: false },
    accounts,
    null,
    openedAt,
  );
  // Prepaid accounts get a first recharge: enough for the history's days of water, but for the one that runs out.
  for (const [i, customerId] of customerIds.entries()) {
    if (accounts[i]?.businessMode !== 'prepaid') continue;
    const amount = i === runsOut ? 10 : 150 + ((i * 37) % 200);
    await execute(
      services.store,
      customerDecider,
      customerId,
      [{ type: 'Recharge', at: new Date().toISOString(), amount, payChannel: '3' }],
      { metadata },
    );
  }
  const firstPostpaid = customerIds.find((_, i) => accounts[i]?.businessMode === 'postpaid');
  await seedDemoSurcharges(services, metadata, customerIds, firstPostpaid);
}
