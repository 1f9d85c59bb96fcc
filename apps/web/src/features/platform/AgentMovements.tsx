import type { AgentMovementView, AgentView } from '@hydrolog/schemas';
import { Badge, Modal } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns } from '../../components/ListScreen.tsx';
import { figureColumns } from '../../components/ListTable.tsx';
import { formatNumber } from '../../lib/numberFormat.ts';
import { agentMovements, thirdPartyRecharges } from './api/platform.ts';

const column = listColumns<AgentMovementView>();

interface Owner {
  agent?: AgentView;
  thirdParty?: { thirdPartyId: string; name: string };
}

/** Movements of agents' accounts, newest first: of one agent, or the recharge records of a third-party platform. */
export function AgentMovements({ onClose, ...owner }: Owner & { onClose(): void }) {
  const { t } = useTranslation();
  const title = owner.agent
    ? t('agents.movementsOf', { name: owner.agent.userName })
    : t('thirdParties.recordsOf', { name: owner.thirdParty?.name ?? '' });
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <Movements {...owner} />
    </Modal>
  );
}

const Movements = defineListScreen({
  bare: true,
  testId: 'agent-movements',
  tableTestId: 'agent-movements',
  texts: { empty: 'agents.noMovements', total: 'agents.movementTotal' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, { agent, thirdParty }: Owner) =>
    agent
      ? agentMovements({ pageNum, pageSize, userId: agent.userId })
      : thirdPartyRecharges({ pageNum, pageSize, thirdPartyId: thirdParty?.thirdPartyId ?? '' }),
  rowId: (row) => row.movementId,
  columnChoice: false,
  columns: ({ t, language, props }) => {
    const money = (value: number) => formatNumber(value, language, 2);
    return [
      column.accessor('at', {
        header: () => t('agents.at'),
        cell: (c) => dayjs(c.getValue()).format('YYYY-MM-DD HH:mm'),
      }),
      ...(props.agent ? [] : [column.accessor('userName', { header: () => t('agents.userName') })]),
      column.accessor('kind', {
        header: () => t('agents.kind'),
        cell: (c) => (
          <Badge variant="light" color={c.getValue() === 'recharge' ? 'green' : 'orange'}>
            {t(`agents.kinds.${c.getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor('amount', { header: () => t('agents.amount'), cell: (c) => money(c.getValue()) }),
      column.accessor('balanceAfter', {
        header: () => t('agents.balanceAfter'),
        cell: (c) => money(c.getValue()),
      }),
      column.accessor('operator', { header: () => t('agents.operator') }),
      column.accessor('remark', { header: () => t('agents.remark'), cell: (c) => c.getValue() ?? '' }),
    ];
  },
  cellStyle: figureColumns('amount', 'balanceAfter'),
});
