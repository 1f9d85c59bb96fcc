import { dictTypeDecider } from '@hydrolog/domain';
import { nextDictId, untypedDictionaries } from '@hydrolog/projections';
import { PLATFORM_TENANT_ID, uuidv7 } from '@hydrolog/schemas';
import { execute } from '../commands.ts';
import type { Services } from '../services.ts';

/** Names of the dictionaries the seed and the spec's states bring (others are named by their key). */
const DICTIONARY_NAMES: Record<string, string> = {
  sys_user_sex: 'User gender',
  sys_normal_disable: 'Status',
  sys_yes_no: 'Yes or no',
  sys_common_status: 'Result',
  sys_notice_type: 'Notice type',
  sys_notice_status: 'Notice status',
  sys_oper_type: 'Operation type',
  sys_show_hide: 'Menu visibility',
  sys_role_type: 'Role type',
  meter_alarm_type: 'Meter alarm type',
  alarm_status: 'Alarm status',
  valve_state: 'Valve state',
  valve_operation_status: 'Valve operation status',
  key_update_status: 'Key update status',
  customer_status: 'Customer status',
  work_order_status: 'Work order status',
  work_order_type: 'Work order type',
  bill_status: 'Bill status',
  device_status: 'Device status',
  device_type: 'Device type',
};

/**
 * Gives every dictionary with data a type (first start, or data seeded by a release before its type), so
 * the dictionary screen lists them all. Numbered after the types already there.
 */
export async function ensureDictTypes(services: Pick<Services, 'store' | 'db'>): Promise<number> {
  const missing = await untypedDictionaries(services.db);
  let dictId = await nextDictId(services.db);
  const metadata = { tenantId: PLATFORM_TENANT_ID, userId: 'seed', correlationId: uuidv7() };
  for (const dictType of missing) {
    const command = {
      type: 'Save',
      dictId,
      dictType,
      dictName: DICTIONARY_NAMES[dictType] ?? dictType,
      status: '0',
      remark: null,
      // The rule counts entries under the key a type has now: a new type has none yet.
      facts: { entries: 0 },
    } as const;
    await execute(services.store, dictTypeDecider, String(dictId), [command], { metadata });
    dictId++;
  }
  return missing.length;
}
