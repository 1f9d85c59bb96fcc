import { READING_PLAN_NAME_MAX, type ReadingPlanView } from '@hydrolog/schemas';
import { Badge, Group, Progress, Text } from '@mantine/core';
import { z } from 'zod';
import {
  defineListScreen,
  listColumns,
  listTexts,
  removalTexts,
  TextFilter,
} from '../../components/ListScreen.tsx';
import { useListDialog } from '../../hooks/useListDialog.ts';
import { filterField, pageParams } from '../../lib/listQuery.ts';
import { deleteReadingPlan, listReadingPlans } from './api/manual-readings.ts';
import { ReadingPlanDetail } from './ReadingPlanDetail.tsx';
import { ReadingPlanForm } from './ReadingPlanForm.tsx';

const column = listColumns<ReadingPlanView>();
const filters = z.object({ name: filterField.text(READING_PLAN_NAME_MAX) });

/** The route of this page (menu catalogue component 'readMeter/walkBy/index'). */
export const READING_PLANS_PATH = '/readMeter/walkBy';

/**
 * Meter reading / Walk-by plans: each plan's reader, days and progress (meters read in its window, from the
 * readings stored), overdue once ended with meters not read; a plan opens on its meters, read one by one.
 */
export const ReadingPlans = defineListScreen({
  path: READING_PLANS_PATH,
  testId: 'reading-plans',
  texts: listTexts('readingPlan'),
  filters,
  fetch: (query) => listReadingPlans({ ...pageParams(query), name: query.name || undefined }),
  rowId: (row) => row.planId,
  usePage: (list) => ({ detail: useListDialog<string>(list) }),
  filterBar: (bar, { t }) => (
    <TextFilter bar={bar} name="name" label={t('readingPlan.name')} maxLength={READING_PLAN_NAME_MAX} />
  ),
  columns: ({ t }) => [
    column.accessor('name', { header: t('readingPlan.name') }),
    column.accessor('readerName', { header: t('readingPlan.reader') }),
    column.accessor('startDate', { header: t('readingPlan.startDate') }),
    column.accessor('endDate', { header: t('readingPlan.endDate') }),
    column.accessor('groupName', { header: t('readingPlan.group') }),
    column.accessor('read', {
      header: t('readingPlan.progress'),
      cell: (c) => {
        const plan = c.row.original;
        return (
          <Group gap="xs" wrap="nowrap">
            <Progress w={80} value={plan.meters === 0 ? 0 : (100 * plan.read) / plan.meters} />
            <Text size="sm">{t('readingPlan.readOf', { read: plan.read, meters: plan.meters })}</Text>
            {plan.overdue && <Badge color="red">{t('readingPlan.overdue')}</Badge>}
          </Group>
        );
      },
    }),
  ],
  rowActions: (plan, { t, page }) => [
    {
      label: t('readingPlan.open'),
      ariaLabel: t('readingPlan.openOf', { name: plan.name }),
      icon: 'eye',
      permission: ['readMeter:walkBy:query'],
      onClick: () => page.detail.open(plan.planId),
    },
  ],
  remove: ({ t }) => ({
    permission: ['readMeter:walkBy:remove'],
    ...removalTexts<ReadingPlanView>(t, 'readingPlan', (plan) => ({ name: plan.name })),
    run: ([plan]) => deleteReadingPlan(plan!.planId),
  }),
  minWidth: 900,
  create: ({ t }) => ({ label: t('readingPlan.new'), permission: ['readMeter:walkBy:add'] }),
  form: ({ close, saved }) => <ReadingPlanForm onClose={close} onSaved={saved} />,
  dialogs: ({ page: { detail }, list }) =>
    detail.value && <ReadingPlanDetail planId={detail.value} onClose={detail.close} onChanged={list.load} />,
});
