import type { AgentView, PurchaseMethod } from '@hydrolog/schemas';
import { Badge, Card, Group, Select, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, figureColumns, ListPager, ListTable, RowAction } from '../../components/ListTable.tsx';
import { HasPermi, useHasPermi } from '../../components/Permission.tsx';
import { useListPage } from '../../hooks/useListPage.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { AgentMoneyForm } from './AgentMoneyForm.tsx';
import { AgentMovements } from './AgentMovements.tsx';
import { listAgents, setPurchaseMethod } from './api/platform.ts';
import {
  type AgentQuery,
  agentListQuery,
  EMPTY_AGENT_FILTERS,
  PURCHASE_METHODS,
  parseAgentQuery,
} from './platformQuery.ts';

/** The route of this page (menu catalogue component 'tenant/agent/index'). */
export const AGENTS_PATH = '/tenant/agent';

const fetchAgents = (query: AgentQuery) => listAgents(agentListQuery(query));
const features = tableFeatures({});
const column = createColumnHelper<typeof features, AgentView>();
const NO_ROWS: AgentView[] = [];
const cellStyle = figureColumns('balance', 'rechargeTotal', 'rechargeCount');

type Open = { agent: AgentView; action: 'recharge' | 'withdraw' | 'movements' };

/** Tenants / Agents: users with an agent-type role, their accounts, recharges and withdrawals. */
export function Agents() {
  const { t, i18n } = useTranslation();
  const hasPermi = useHasPermi();
  const list = useListPage({
    path: AGENTS_PATH,
    parse: parseAgentQuery,
    empty: EMPTY_AGENT_FILTERS,
    fetch: fetchAgents,
  });
  const { query, filters, setFilter, data, loading, load, search, reset } = list;
  const [open, setOpen] = useState<Open | null>(null);
  const money = (value: number) => formatNumber(value, i18n.language, 2);

  async function changeMethod(agent: AgentView, purchaseMethod: PurchaseMethod) {
    await setPurchaseMethod(agent.userId, purchaseMethod);
    notifications.show({ color: 'green', message: t('agents.methodSaved', { name: agent.userName }) });
    load();
  }

  const columns = column.columns([
    column.accessor('userName', { header: () => t('agents.userName') }),
    column.accessor('nickName', { header: () => t('agents.nickName') }),
    column.accessor('phonenumber', { header: () => t('agents.phone'), cell: (c) => c.getValue() ?? '' }),
    column.accessor('roleNames', {
      header: () => t('agents.roles'),
      cell: (c) => (
        <Group gap={4}>
          {c.getValue().map((name) => (
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
        const options = PURCHASE_METHODS.map((m) => ({ value: m, label: t(`agents.methods.${m}`) }));
        if (!hasPermi(['system:agent:edit']))
          return c.getValue() ? t(`agents.methods.${c.getValue()!}`) : t('agents.noMethod');
        return (
          <Select
            size="xs"
            w={170}
            aria-label={t('agents.purchaseMethodOf', { name: agent.userName })}
            placeholder={t('agents.noMethod')}
            data={options}
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
    column.display({
      id: 'actions',
      header: () => t('agents.actions'),
      cell: (c) => {
        const agent = c.row.original;
        return (
          <Group gap={4} wrap="nowrap">
            <HasPermi value={['system:agent:recharge']}>
              <RowAction
                label={t('agents.recharge')}
                ariaLabel={t('agents.rechargeOf', { name: agent.userName })}
                icon="coin"
                onClick={() => setOpen({ agent, action: 'recharge' })}
              />
              <RowAction
                label={t('agents.withdraw')}
                ariaLabel={t('agents.withdrawOf', { name: agent.userName })}
                icon="wallet"
                onClick={() => setOpen({ agent, action: 'withdraw' })}
              />
            </HasPermi>
            <HasPermi value={['system:agent:query']}>
              <RowAction
                label={t('agents.movements')}
                ariaLabel={t('agents.movementsOf', { name: agent.userName })}
                icon="receipt"
                onClick={() => setOpen({ agent, action: 'movements' })}
              />
            </HasPermi>
          </Group>
        );
      },
    }),
  ]);
  const table = useTable({ features, columns, data: data?.rows ?? NO_ROWS, getRowId: (row) => row.userId });

  return (
    <Card withBorder data-testid="agents-page">
      <Title order={4} mb="md">
        {t('agents.title')}
      </Title>
      <FilterBar testId="agents-filter" onSearch={search} onReset={reset}>
        <TextInput
          label={t('agents.userName')}
          value={filters.userName}
          maxLength={30}
          onChange={(e) => setFilter('userName', e.currentTarget.value)}
        />
        <Select
          label={t('agents.purchaseMethod')}
          w={200}
          placeholder={t('agents.allMethods')}
          clearable
          data={PURCHASE_METHODS.map((m) => ({ value: m, label: t(`agents.methods.${m}`) }))}
          value={filters.purchaseMethod || null}
          onChange={(value) => setFilter('purchaseMethod', PURCHASE_METHODS.find((m) => m === value) ?? '')}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('agents.empty')}
        testId="agents-table"
        cellStyle={cellStyle}
        minWidth={1000}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('agents.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={list.setPage}
      />
      {open && open.action !== 'movements' && (
        <AgentMoneyForm
          agent={open.agent}
          action={open.action}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            load();
          }}
        />
      )}
      {open?.action === 'movements' && <AgentMovements agent={open.agent} onClose={() => setOpen(null)} />}
    </Card>
  );
}
