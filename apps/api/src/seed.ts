import { DomainError, streamName, tenantDecider } from '@hydrolog/domain';
import { tenantSettingsSchema, uuidv7 } from '@hydrolog/schemas';
import { execute } from './commands.ts';
import type { Services } from './services.ts';

/** Fixed ids, so later seeds (users, meters) and the docs can name the demo tenants. */
export const DEMO_TENANTS = [
  {
    tenantId: '00000000-0000-7000-8000-000000000001',
    name: 'Hydrolog Platform',
    kind: 'platform' as const,
    trial: false,
    settings: { timeZone: 'UTC' },
  },
  {
    tenantId: '00000000-0000-7000-8000-000000000002',
    name: 'Demo Water Utility',
    kind: 'utility' as const,
    trial: false,
    settings: {
      timeZone: 'Asia/Shanghai',
      country: 'CN',
      currencyUnit: 'CNY',
      tenantAreaAddress: 'Hangzhou',
    },
  },
  {
    tenantId: '00000000-0000-7000-8000-000000000003',
    name: 'Trial Water Co.',
    kind: 'utility' as const,
    trial: true,
    settings: { timeZone: 'Europe/Paris', country: 'FR', currencyUnit: 'EUR' },
  },
];

/** Seeds the demo platform once: a tenant whose stream already has events is left alone. */
export async function seedDemo(services: Services, now = new Date()): Promise<number> {
  let created = 0;
  for (const tenant of DEMO_TENANTS) {
    const existing = await services.store.readStream(streamName(tenantDecider, tenant.tenantId));
    if (existing.length > 0) continue;
    const { settings, ...rest } = tenant;
    // Two processes starting on one PostgreSQL may both get here: the second is refused by the decider.
    const outcome = await execute(
      services.store,
      tenantDecider,
      tenant.tenantId,
      [
        {
          type: 'CreateTenant',
          ...rest,
          createdAt: now.toISOString(),
          settings: tenantSettingsSchema.parse(settings),
        },
      ],
      { metadata: { tenantId: tenant.tenantId, userId: 'seed', correlationId: uuidv7() } },
    ).catch((error) => {
      if (error instanceof DomainError && error.key === 'error.tenant.exists') return null;
      throw error;
    });
    if (outcome) created++;
  }
  return created;
}
