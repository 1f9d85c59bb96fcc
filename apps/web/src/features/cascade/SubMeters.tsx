import { CASCADE_IMPORT_MAX, CASCADE_SUB_METER_QUOTA, type SubMeterCandidate } from '@hydrolog/schemas';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { apiListQuery, filterField } from '../../lib/listQuery.ts';
import {
  addSubMeters,
  downloadSubMeterTemplate,
  importSubMeters,
  listPointSubMeters,
  listSubMeterCandidates,
  type PointView,
  removeSubMeters,
} from './api/cascade.ts';
import { batchLimit, selectionProblem } from './cascadeQuery.ts';

export interface SubMeterResult {
  added: number;
  total: number;
  errors: { row: number; meterNo: string; message: string }[];
}

interface PickerProps {
  pointId: string;
  remaining: number;
  onAdded(result: SubMeterResult): void;
}

const candidateColumn = listColumns<SubMeterCandidate>();

/**
 * Batch selection: the tenant's opened meters not yet on the point, paged and filtered, with checkboxes.
 * The selection is kept across pages and searches (by meter number) until it is added.
 */
const SubMeterPicker = defineListScreen({
  bare: true,
  testId: 'sub-meter-picker',
  tableTestId: 'sub-meter-candidates',
  texts: { empty: 'cascade.picker.empty', total: 'cascade.picker.total' },
  filters: z.object({ meterNo: filterField.text(32), accountName: filterField.text(50) }),
  keepSelection: true,
  fetch: (query, { pointId }: PickerProps) => listSubMeterCandidates(pointId, apiListQuery(query)),
  rowId: (row) => row.meterNo,
  usePage: () => {
    const [problem, setProblem] = useState<string | null>(null);
    const [busy, setBusy] = useState(false);
    return { problem, setProblem, busy, setBusy };
  },
  columnChoice: false,
  minWidth: 520,
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="meterNo" label={t('cascade.meterNo')} maxLength={32} digits />
      <TextFilter bar={bar} name="accountName" label={t('cascade.picker.accountName')} maxLength={50} />
    </>
  ),
  columns: ({ t }) => [
    candidateColumn.accessor('meterNo', { header: t('cascade.meterNo') }),
    candidateColumn.accessor('accountNo', { header: t('cascade.picker.accountNo') }),
    candidateColumn.accessor('accountName', { header: t('cascade.picker.accountName') }),
  ],
  selectLabels: ({ t }) => ({
    all: t('cascade.picker.selectPage'),
    one: (row) => t('cascade.picker.selectMeter', { meterNo: row.meterNo }),
  }),
  batchActions: ({ t, page, list, props }) => [
    {
      label: (count) => t('cascade.picker.addSelected', { count }),
      permission: ['cascade:partition:edit'],
      // None selected, or more than the batch takes, is refused with a reason below.
      enabled: () => !page.busy,
      async run(rows) {
        const problem = selectionProblem(rows.length, props.remaining);
        page.setProblem(problem && t(problem, { max: batchLimit(props.remaining) }));
        if (problem) return;
        page.setBusy(true);
        try {
          const result = await addSubMeters(
            props.pointId,
            rows.map((row) => row.meterNo),
          );
          props.onAdded({ ...result, errors: [] });
          list.removed(rows.length);
        } catch {
          // shown by the request layer
        } finally {
          page.setBusy(false);
        }
      },
    },
  ],
  above: ({ page }) =>
    page.problem && (
      <Text c="red" size="sm" mb="sm" role="alert">
        {page.problem}
      </Text>
    ),
});

/**
 * The three ways of associating sub-meters (spec sections 2 and 5): batch selection of opened meters,
 * numbers typed separated by English commas, or an xlsx import from the template; with the point's
 * remaining quota and the limit of one batch.
 */
export function SubMeterAssociation({
  pointId,
  subMeterCount,
  onAdded,
}: {
  pointId: string;
  subMeterCount: number;
  onAdded(result: SubMeterResult): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SubMeterResult | null>(null);
  const remaining = Math.max(0, CASCADE_SUB_METER_QUOTA - subMeterCount);

  const added = (next: SubMeterResult) => {
    setResult(next);
    onAdded(next);
  };
  async function submit(work: () => Promise<SubMeterResult>) {
    setBusy(true);
    try {
      added(await work());
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Text size="sm" c="dimmed" data-testid="sub-meter-quota">
        {t('cascade.picker.quota', { remaining, quota: CASCADE_SUB_METER_QUOTA, max: CASCADE_IMPORT_MAX })}
      </Text>
      <Tabs defaultValue="select">
        <Tabs.List mb="sm">
          <Tabs.Tab value="select">{t('cascade.picker.bySelection')}</Tabs.Tab>
          <Tabs.Tab value="typed">{t('cascade.picker.byTyping')}</Tabs.Tab>
          <Tabs.Tab value="import">{t('cascade.picker.byImport')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="select">
          <SubMeterPicker pointId={pointId} remaining={remaining} onAdded={added} />
        </Tabs.Panel>
        <Tabs.Panel value="typed">
          <Stack>
            <Textarea
              label={t('cascade.wizard.typed')}
              placeholder="1000000001,1000000002"
              autosize
              minRows={2}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                loading={busy}
                onClick={() =>
                  void submit(async () => ({ ...(await addSubMeters(pointId, typed)), errors: [] }))
                }
              >
                {t('cascade.wizard.associate')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="import">
          <Stack>
            <Group align="flex-end">
              <FileInput
                label={t('cascade.wizard.import')}
                accept=".xlsx,.xls"
                clearable
                value={file}
                onChange={setFile}
                w={320}
              />
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadSubMeterTemplate()}
              >
                {t('cascade.wizard.template')}
              </Anchor>
            </Group>
            <Group justify="flex-end">
              <Button
                loading={busy}
                disabled={!file}
                onClick={() => file && void submit(() => importSubMeters(pointId, file))}
              >
                {t('cascade.picker.importFile')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {result && (
        <Alert color={result.errors.length ? 'yellow' : 'green'} data-testid="sub-meter-result">
          <Text size="sm">{t('cascade.wizard.added', { count: result.added, total: result.total })}</Text>
          {result.errors.length > 0 && (
            <List size="sm">
              {result.errors.slice(0, 20).map((e) => (
                <List.Item key={`${e.row}-${e.meterNo}`}>
                  {t('cascade.wizard.rowError', { row: e.row, message: e.message })}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}

/** A point's sub-meters: the current ones (paged, each removable) and the ways of adding more. */
export function PointSubMeters({ point, onClose }: { point: PointView; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  return (
    <Modal
      opened
      onClose={() => onClose(changed)}
      size="xl"
      title={t('cascade.subMetersOf', { name: point.name })}
    >
      <Stack data-testid="point-sub-meters">
        <SubMeterList point={point} onChanged={() => setChanged(true)} />
        <Group justify="flex-end">
          {/* Escape would also close the tree below this dialog. */}
          <Button variant="default" onClick={() => onClose(changed)}>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

interface SubMeterListProps {
  point: PointView;
  /** A sub-meter was removed or added: the tree shows the point's new count once this dialog closes. */
  onChanged(): void;
}

const subMeterColumn = listColumns<{ meterId: string; meterNo: string }>();

const SubMeterList = defineListScreen({
  bare: true,
  testId: 'point-sub-meter',
  texts: { empty: 'cascade.noSubMeters', total: 'cascade.subMeterTotal', actions: 'cascade.actions' },
  filters: z.object({}),
  fetch: ({ pageNum, pageSize }, { point }: SubMeterListProps) =>
    listPointSubMeters(point.pointId, { pageNum, pageSize }),
  rowId: (row) => row.meterId,
  columnChoice: false,
  minWidth: 360,
  columns: ({ t }) => [subMeterColumn.accessor('meterNo', { header: t('cascade.meterNo') })],
  remove: ({ t, props: { point, onChanged } }) => ({
    permission: ['cascade:partition:edit'],
    ariaLabel: (row) => t('cascade.subMeterRemoveOf', { meterNo: row.meterNo }),
    texts: ([row]) => ({
      title: t('cascade.subMeterRemoveTitle'),
      message: t('cascade.subMeterRemoveConfirm', { meterNo: row?.meterNo, name: point.name }),
      confirm: t('actions.remove'),
    }),
    run: async (rows) => {
      await removeSubMeters(
        point.pointId,
        rows.map((row) => row.meterNo),
      );
      onChanged();
    },
  }),
  dialogs: ({ t, list, props: { point, onChanged } }) => (
    <HasPermi value={['cascade:partition:edit']}>
      <Stack mt="md">
        <Text fw={500}>{t('cascade.subMetersAdd')}</Text>
        <SubMeterAssociation
          pointId={point.pointId}
          subMeterCount={list.data?.total ?? point.subMeterCount}
          onAdded={(result) => {
            if (result.added > 0) onChanged();
            list.load();
          }}
        />
      </Stack>
    </HasPermi>
  ),
});
