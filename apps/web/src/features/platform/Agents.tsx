import type { AgentView, PurchaseMethod } from '@hydrolog/schemas';
import { Badge, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import {
  defineListScreen,
  listColumns,
  listTexts,
  OptionFilter,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { apiListQuery } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AgentMoneyForm } from './AgentMoneyForm.tsx';
import { AgentMovements } from './AgentMovements.tsx';
import { listAgents, setPurchaseMethod } from './api/platform.ts';
import { agentFilters, PURCHASE_METHODS } from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/agent/index'). */
export const AGENTS_PATH = '/tenant/agent';

const column = listColumns<AgentView>();
type Open = { agent: AgentView; action: 'recharge' | 'withdraw' | 'movements' };
const methodOptions = (t: TFunction) =>
  PURCHASE_METHODS.map((m) => ({ value: m, label: t(`agents.methods.${m}`) }));

/** Tenants / Agents: users with an agent-type role, their accounts, recharges and withdrawals. */
export const Agents = defineListScreen({
  path: AGENTS_PATH,
  testId: 'agents',
  texts: listTexts('agents'),
  filters: agentFilters,
  fetch: (query) => listAgents(apiListQuery(query)),
  rowId: (row) => row.userId,
  usePage: (list) => ({ dialog: useListDialog<Open>(list) }),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="userName" label={t('agents.userName')} maxLength={30} />
      <OptionFilter
        bar={bar}
        name="purchaseMethod"
        label={t('agents.purchaseMethod')}
        w={200}
        placeholder={t('agents.allMethods')}
        options={methodOptions(t)}
      />
    </>
  ),
  columns: ({ t, language, hasPermi, list }) => {
    const money = (value: number) => formatNumber(value, language, 2);
    async function changeMethod(agent: AgentView, purchaseMethod: PurchaseMethod) {
      await setPurchaseMethod(agent.userId, purchaseMethod);
      notifications.show({ color: 'green', message: t('agents.methodSaved', { name: agent.userName }) });
      list.load();
    }
    return [
      column.accessor('userName', { header: () => t('agents.userName') }),
      column.accessor('nickName', { header: () => t('agents.nickName') }),
      column.accessor('phonenumber', { header: () => t('agents.phone'), cell: (c) => c.getValue() ?? '' }),
      column.accessor('roleNames', {
        header: () => t('agents.roles'),
        cell: (c) => (
          <Group gap={4}>
            {c.getValue().map((name: string) => (
              <Badge key={name} variant="light" color="yellow">
                {name}
              </Badge>
            ))}
          </Group>
        ),
      }),
      column.accessor('purchaseMethod', {
        header: () => t('agents.purchaseMethod'),
        cell: (c) => {
          const agent = c.row.original;
          if (!hasPermi(['system:agent:edit']))
            return c.getValue() ? t(`agents.methods.${c.getValue()!}`) : t('agents.noMethod');
          return (
            <Select
              size="xs"
              w={170}
              aria-label={t('agents.purchaseMethodOf', { name: agent.userName })}
              placeholder={t('agents.noMethod')}
              data={methodOptions(t)}
              value={c.getValue()}
              allowDeselect={false}
              onChange={(value) => {
                const method = PURCHASE_METHODS.find((m) => m === value);
                if (method) void changeMethod(agent, method);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          );
        },
      }),
      column.accessor('balance', { header: () => t('agents.balance'), cell: (c) => money(c.getValue()) }),
      column.accessor('rechargeTotal', {
        header: () => t('agents.rechargeTotal'),
        cell: (c) => money(c.getValue()),
      }),
      column.accessor('rechargeCount', { header: () => t('agents.rechargeCount') }),
    ];
  },
  rowActions: (agent, { t, page }) => [
    {
      label: t('agents.recharge'),
      ariaLabel: t('agents.rechargeOf', { name: agent.userName }),
      icon: 'coin',
      permission: ['system:agent:recharge'],
      onClick: () => page.dialog.open({ agent, action: 'recharge' }),
    },
    {
      label: t('agents.withdraw'),
      ariaLabel: t('agents.withdrawOf', { name: agent.userName }),
      icon: 'wallet',
      permission: ['system:agent:recharge'],
      onClick: () => page.dialog.open({ agent, action: 'withdraw' }),
    },
    {
      label: t('agents.movements'),
      ariaLabel: t('agents.movementsOf', { name: agent.userName }),
      icon: 'receipt',
      permission: ['system:agent:query'],
      onClick: () => page.dialog.open({ agent, action: 'movements' }),
    },
  ],
  cellStyle: figureColumns('balance', 'rechargeTotal', 'rechargeCount'),
  minWidth: 1000,
  dialogs: ({ page: { dialog } }) => {
    const shown = dialog.value;
    if (!shown) return null;
    return shown.action === 'movements' ? (
      <AgentMovements agent={shown.agent} onClose={dialog.close} />
    ) : (
      <AgentMoneyForm
        agent={shown.agent}
        action={shown.action}
        onClose={dialog.close}
        onSaved={dialog.saved}
      />
    );
  },
});
