import {
  type AgentView,
  agentRechargeBodySchema,
  agentWithdrawBodySchema,
  type ThirdPartyView,
} from '@hydrolog/schemas';
import { NumberInput, Select, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { agentRecharge, agentWithdraw, listThirdParties } from './api/platform.ts';

interface Props {
  agent: AgentView;
  /** recharge credits the account; withdraw debits it (a transfer out or a withdrawal). */
  action: 'recharge' | 'withdraw';
  onClose(): void;
  onSaved(): void;
}

interface Values extends Record<string, unknown> {
  userId: string;
  amount: number | '';
  thirdPartyId: string | null;
  remark: string;
}

/** Purchase method 2: the agent buys through a third-party platform, named on each recharge. */
const THIRD_PARTY = '2';
const PLATFORM_PAGE = { pageNum: 1, pageSize: 50 };

/** Recharge or debit an agent's account; the server refuses a debit beyond the balance. */
export function AgentMoneyForm({ agent, action, onClose, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const viaThirdParty = action === 'recharge' && agent.purchaseMethod === THIRD_PARTY;
  const form = useSchemaForm<Values, unknown>(
    action === 'recharge' ? agentRechargeBodySchema : agentWithdrawBodySchema,
    {
      userId: agent.userId,
      amount: '',
      thirdPartyId: null,
      remark: '',
    },
  );
  const [platforms, setPlatforms] = useState<ThirdPartyView[]>([]);
  useEffect(() => {
    if (viaThirdParty)
      listThirdParties(PLATFORM_PAGE).then(
        ({ rows }) => setPlatforms(rows),
        () => undefined,
      );
  }, [viaThirdParty]);

  async function submit() {
    await form.save(
      async (data) => {
        if (action === 'recharge') await agentRecharge(data as Parameters<typeof agentRecharge>[0]);
        else await agentWithdraw(data as Parameters<typeof agentWithdraw>[0]);
      },
      t(`agents.${action}Done`, { name: agent.userName }),
      onSaved,
    );
  }

  return (
    <FormDialog
      title={t(`agents.${action}Title`, { name: agent.userName })}
      busy={form.busy}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t(`agents.${action}`)}
    >
      <Text size="sm">
        {t('agents.balance')}: <b>{formatNumber(agent.balance, i18n.language, 2)}</b>
      </Text>
      <NumberInput
        label={t('agents.amount')}
        withAsterisk
        data-autofocus
        min={0.01}
        decimalScale={2}
        allowNegative={false}
        value={form.values.amount}
        onChange={(value) =>
          form.set('amount', typeof value === 'number' ? value : value === '' ? '' : Number(value))
        }
        error={form.errors.amount}
      />
      {viaThirdParty && (
        <Select
          label={t('agents.thirdParty')}
          withAsterisk
          data={platforms.map((p) => ({ value: p.thirdPartyId, label: `${p.code} · ${p.name}` }))}
          value={form.values.thirdPartyId}
          onChange={(value) => form.set('thirdPartyId', value)}
          error={form.errors.thirdPartyId}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Textarea label={t('agents.remark')} autosize minRows={2} {...form.text('remark')} />
    </FormDialog>
  );
}
