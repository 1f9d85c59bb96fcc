import { execute, type Services } from '@hydrolog/api';
import { debtDecider, personalSurchargeDecider, surchargeSchemeDecider } from '@hydrolog/domain';
import { type EventMetadata, surchargeSchemeBodySchema, uuidv7 } from '@hydrolog/schemas';
import { DEMO_TENANT_ID } from './seed.ts';

/**
 * The demo's surcharges and debts on its first accounts: a scheme with a sewage fee on every payment and a
 * personal meter rent, the rent bound to the first account and to the first postpaid one (its bills charge
 * it), and a planned debt on the second, so that the surcharge, personal surcharge and debt screens of a
 * fresh demo are not empty.
 */
export async function seedDemoSurcharges(
  services: Services,
  metadata: EventMetadata,
  customerIds: string[],
  firstPostpaid: string | undefined,
) {
  const [first, second] = customerIds;
  if (!first || !second) return;
  const at = new Date().toISOString();
  const scheme = surchargeSchemeBodySchema.parse({
    name: 'Sewage and meter rent',
    items: [
      {
        name: 'Sewage treatment',
        feeType: 'system',
        deductionMethod: 'percentage',
        deductionRatio: 8,
        deductionFrequency: 'volume',
        enabledDate: `${new Date().getUTCFullYear()}-01-01`,
        vatRate: 6,
      },
      {
        name: 'Meter rent',
        feeType: 'personal',
        deductionMethod: 'fixed',
        deductionAmount: 2,
        deductionFrequency: 'month',
        enabledDate: `${new Date().getUTCFullYear()}-01-01`,
      },
    ],
  });
  const surchargeSchemeId = uuidv7();
  const itemIds = scheme.items.map(() => uuidv7());
  const context = { metadata, taken: 'error.chargingItem.nameExists' } as const;
  await execute(
    services.store,
    surchargeSchemeDecider,
    surchargeSchemeId,
    [
      {
        type: 'SaveSurchargeScheme',
        ...scheme,
        surchargeSchemeId,
        tenantId: DEMO_TENANT_ID,
        savedAt: at,
        newItemIds: itemIds,
        facts: { takenItemNames: [], boundItemIds: [] },
      },
    ],
    context,
  );
  for (const customerId of new Set([first, firstPostpaid ?? first])) {
    const personalSurchargeId = uuidv7();
    await execute(
      services.store,
      personalSurchargeDecider,
      personalSurchargeId,
      [
        {
          type: 'Save',
          personalSurchargeId,
          tenantId: DEMO_TENANT_ID,
          customerId,
          chargingItemIds: [itemIds[1]!],
          savedAt: at,
          facts: {
            items: [
              {
                chargingItemId: itemIds[1]!,
                name: 'Meter rent',
                feeType: 'personal',
                deductionMethod: 'fixed',
                deductionRatioBasisPoints: 0,
                schemeEnabled: true,
              },
            ],
            accountHasOther: false,
            accountCancelled: false,
          },
        },
      ],
      context,
    );
  }
  const debtId = uuidv7();
  const operator = 'seed';
  await execute(
    services.store,
    debtDecider,
    debtId,
    [
      {
        type: 'AddDebt',
        debtId,
        tenantId: DEMO_TENANT_ID,
        customerId: second,
        debtType: 'water',
        feeName: 'Arrears of last year',
        amount: 120,
        operator,
        at,
      },
      { type: 'PlanDebt', deductions: 6, operator, at },
    ],
    context,
  );
}
