import { failureMessage, meterCommandDecider, noticeDecider, streamName } from '@hydrolog/domain';
import {
  activeAccountOfMeter,
  getCustomer,
  getUser,
  type MeterCommandRow,
  meterStates,
  withTenant,
} from '@hydrolog/projections';
import {
  type CommandFailure,
  DEFAULT_LANGUAGE,
  type MessageKey,
  type MessageParams,
  uuidv7,
} from '@hydrolog/schemas';
import { translate } from '@hydrolog/schemas/messages/all';
import type { StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';

/**
 * The notice a failed valve command raises, published to the tenant's staff, to be appended with the
 * failure itself: which meter and account, why it failed, that the water may still flow (or stay off), and
 * where to retry. It is written in the language of the user who issued the command.
 */
export async function failedValveNotice(
  { db, store }: Services,
  command: MeterCommandRow,
  failure: CommandFailure,
  detail: string | null,
  at: string,
): Promise<StreamCommand> {
  const [issued] = await store.readStream(streamName(meterCommandDecider, command.commandId));
  const issuer = issued?.metadata.userId;
  const facts = await withTenant(db, command.tenantId, async (sql) => {
    const user = issuer ? await getUser(sql, issuer) : null;
    const customerId = await activeAccountOfMeter(sql, command.meterId);
    const [state] = await meterStates(sql, new Date(at), [command.meterId]);
    return {
      language: user?.language ?? DEFAULT_LANGUAGE,
      account: customerId ? await getCustomer(sql, customerId) : null,
      valve: state?.valve ?? null,
    };
  });
  const { language, account, valve } = facts;
  const t = (key: MessageKey, params?: MessageParams) => translate(key, language, params);
  const closing = command.kind === 'valveClose';
  const reason = failureMessage(failure, detail);
  const content = [
    t(closing ? 'valves.failureNotice.closeBody' : 'valves.failureNotice.openBody', {
      meterNo: command.meterNo,
      reason: t(reason.key, reason.params),
      valve: valve ? t(`meters.valves.${valve}`) : t('valves.reading.notReported'),
    }),
    account ? t('valves.failureNotice.account', { accountNo: account.accountNo, name: account.name }) : '',
    t('valves.failureNotice.retry'),
  ];
  const noticeId = uuidv7();
  return {
    decider: noticeDecider,
    id: noticeId,
    command: {
      type: 'RaiseNotice',
      noticeId,
      tenantId: command.tenantId,
      // A notice title holds 50 characters; only a meter number of 25 digits or more is cut.
      noticeTitle: t(closing ? 'valves.failureNotice.closeTitle' : 'valves.failureNotice.openTitle', {
        meterNo: command.meterNo,
      }).slice(0, 50),
      // RuoYi's notice types: 1 a notification, 2 an announcement.
      noticeType: '1',
      noticeContent: content.filter(Boolean).join(' '),
      createBy: 'system',
      createdAt: at,
    },
  };
}
