import type { AgentMovementView, AgentView } from '@hydrolog/schemas';
import { Badge, Modal } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { figureColumns, ListPager, ListTable } from '../../components/ListTable.tsx';
import type { PageQuery } from '../../lib/listQuery.ts';
import { formatNumber } from '../../lib/numberFormat.ts';
import { agentMovements, thirdPartyRecharges } from './api/platform.ts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AgentMovementView>();
const cellStyle = figureColumns('amount', 'balanceAfter');
const FIRST_PAGE: PageQuery = { pageNum: 1, pageSize: 10 };

/** Movements of agents' accounts, newest first: of one agent, or the recharge records of a third-party platform. */
export function AgentMovements(props: {
  agent?: AgentView;
  thirdParty?: { thirdPartyId: string; name: string };
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(FIRST_PAGE);
  const [data, setData] = useState<{ total: number; rows: AgentMovementView[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const userId = props.agent?.userId;
  const thirdPartyId = props.thirdParty?.thirdPartyId;

  useEffect(() => {
    setLoading(true);
    const answer = userId
      ? agentMovements({ ...page, userId })
      : thirdPartyRecharges({ ...page, thirdPartyId: thirdPartyId ?? '' });
    answer.then(setData, () => setData((d) => d ?? { total: 0, rows: [] })).finally(() => setLoading(false));
  }, [page, userId, thirdPartyId]);

  const money = (value: number) => formatNumber(value, i18n.language, 2);
  const columns = column.columns([
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
  ]);
  const table = useTable({ features, columns, data: data?.rows ?? [], getRowId: (row) => row.movementId });
  const title = props.agent
    ? t('agents.movementsOf', { name: props.agent.userName })
    : t('thirdParties.recordsOf', { name: props.thirdParty?.name ?? '' });

  return (
    <Modal opened onClose={props.onClose} title={title} size="xl">
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        empty={t('agents.noMovements')}
        testId="agent-movements"
        cellStyle={cellStyle}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('agents.movementTotal', { count: data?.total ?? 0 })}
        page={page}
        onChange={setPage}
      />
    </Modal>
  );
}
