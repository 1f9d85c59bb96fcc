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
  TextInput,
} from '@mantine/core';
import { createColumnHelper, type RowSelectionState, tableFeatures, useTable } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/request.ts';
import {
  FilterBar,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
} from '../../components/ListTable.tsx';
import { HasPermi } from '../../components/Permission.tsx';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { type PageQuery, pageAfterRemoval } from '../../lib/listQuery.ts';
import {
  addSubMeters,
  importSubMeters,
  listPointSubMeters,
  listSubMeterCandidates,
  type PointView,
  removeSubMeters,
  SUB_METER_TEMPLATE_PATH,
} from './api/cascade.ts';
import { batchLimit, selectionProblem } from './cascadeQuery.ts';

export interface SubMeterResult {
  added: number;
  total: number;
  errors: { row: number; meterNo: string; message: string }[];
}

const candidateColumn = createColumnHelper<typeof selectableFeatures, SubMeterCandidate>();
const NO_CANDIDATES: SubMeterCandidate[] = [];
const FIRST_PAGE: PageQuery = { pageNum: 1, pageSize: 10 };

/**
 * Batch selection: the tenant's opened meters not yet on the point, paged and filtered, with checkboxes.
 * The selection is kept across pages and searches (by meter number) until it is added.
 */
function SubMeterPicker({
  pointId,
  remaining,
  onAdded,
}: {
  pointId: string;
  remaining: number;
  onAdded(result: SubMeterResult): void;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState({ meterNo: '', accountName: '' });
  const [query, setQuery] = useState({ ...FIRST_PAGE, meterNo: '', accountName: '' });
  const [data, setData] = useState<{ total: number; rows: SubMeterCandidate[] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setLoading(true);
    listSubMeterCandidates(pointId, {
      ...query,
      meterNo: query.meterNo.trim() || undefined,
      accountName: query.accountName.trim() || undefined,
    })
      .then(
        ({ total, rows }) => setData({ total, rows }),
        () => setData((d) => d ?? { total: 0, rows: [] }),
      )
      .finally(() => setLoading(false));
  }, [pointId, query]);
  useEffect(load, [load]);

  const selected = Object.keys(selection).filter((meterNo) => selection[meterNo]);
  const table = useTable({
    features: selectableFeatures,
    columns: candidateColumn.columns([
      selectionColumn<SubMeterCandidate>({
        all: t('cascade.picker.selectPage'),
        one: (row) => t('cascade.picker.selectMeter', { meterNo: row.meterNo }),
      }),
      candidateColumn.accessor('meterNo', { header: () => t('cascade.meterNo') }),
      candidateColumn.accessor('accountNo', { header: () => t('cascade.picker.accountNo') }),
      candidateColumn.accessor('accountName', { header: () => t('cascade.picker.accountName') }),
    ]),
    data: data?.rows ?? NO_CANDIDATES,
    getRowId: (row) => row.meterNo,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
  });

  async function add() {
    const key = selectionProblem(selected.length, remaining);
    if (key) return setProblem(t(key, { max: batchLimit(remaining) }));
    setProblem(null);
    setBusy(true);
    try {
      const result = await addSubMeters(pointId, selected);
      setSelection({});
      onAdded({ ...result, errors: [] });
      load();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="sub-meter-picker">
      <FilterBar
        testId="sub-meter-picker-filter"
        onSearch={() => setQuery({ ...filters, pageNum: 1, pageSize: query.pageSize })}
        onReset={() => {
          setFilters({ meterNo: '', accountName: '' });
          setQuery({ ...FIRST_PAGE, pageSize: query.pageSize, meterNo: '', accountName: '' });
        }}
      >
        <TextInput
          label={t('cascade.meterNo')}
          value={filters.meterNo}
          maxLength={32}
          inputMode="numeric"
          onChange={(e) => setFilters((f) => ({ ...f, meterNo: e.currentTarget.value.replace(/\D/g, '') }))}
        />
        <TextInput
          label={t('cascade.picker.accountName')}
          value={filters.accountName}
          maxLength={50}
          onChange={(e) => setFilters((f) => ({ ...f, accountName: e.currentTarget.value }))}
        />
      </FilterBar>
      <ListTable
        table={table}
        rows={data?.rows ?? null}
        loading={loading}
        selection={selection}
        empty={t('cascade.picker.empty')}
        testId="sub-meter-candidates"
        minWidth={520}
      />
      <ListPager
        total={data?.total ?? 0}
        totalLabel={t('cascade.picker.total', { count: data?.total ?? 0 })}
        page={query}
        onChange={(page) => setQuery({ ...query, ...page })}
      />
      {problem && (
        <Text c="red" size="sm" role="alert">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button loading={busy} onClick={() => void add()}>
          {t('cascade.picker.addSelected', { count: selected.length })}
        </Button>
      </Group>
    </Stack>
  );
}

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
                onClick={() => void download(SUB_METER_TEMPLATE_PATH, {}, 'sub-meters-template.xlsx')}
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
          <Text size="sm">{t('cascade.wizard.added', { added: result.added, total: result.total })}</Text>
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

const noFeatures = tableFeatures({});
const subColumn = createColumnHelper<typeof noFeatures, { meterId: string; meterNo: string }>();

/** A point's sub-meters: the current ones (paged, each removable) and the ways of adding more. */
export function PointSubMeters({ point, onClose }: { point: PointView; onClose(changed: boolean): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<PageQuery>(FIRST_PAGE);
  const [data, setData] = useState<{ total: number; rows: { meterId: string; meterNo: string }[] } | null>(
    null,
  );
  const [changed, setChanged] = useState(false);

  const load = useCallback(() => {
    listPointSubMeters(point.pointId, page).then(
      ({ total, rows }) => setData({ total, rows }),
      () => setData((d) => d ?? { total: 0, rows: [] }),
    );
  }, [point.pointId, page]);
  useEffect(load, [load]);

  async function remove(meterNo: string) {
    const done = await confirmAndRun(
      {
        title: t('cascade.subMeterRemoveTitle'),
        message: t('cascade.subMeterRemoveConfirm', { meterNo, name: point.name }),
        confirm: t('actions.remove'),
      },
      () => removeSubMeters(point.pointId, [meterNo]),
    );
    if (!done) return;
    setChanged(true);
    const pageNum = pageAfterRemoval(page, data?.total ?? 0, 1);
    if (pageNum === page.pageNum) load();
    else setPage({ ...page, pageNum });
  }

  const table = useTable({
    features: noFeatures,
    columns: subColumn.columns([
      subColumn.accessor('meterNo', { header: () => t('cascade.meterNo') }),
      subColumn.display({
        id: 'actions',
        header: () => t('cascade.actions'),
        cell: (c) => (
          <HasPermi value={['cascade:partition:edit']}>
            <RowAction
              label={t('actions.remove')}
              ariaLabel={t('cascade.subMeterRemoveOf', { meterNo: c.row.original.meterNo })}
              icon="trash"
              color="red"
              onClick={() => void remove(c.row.original.meterNo)}
            />
          </HasPermi>
        ),
      }),
    ]),
    data: data?.rows ?? [],
    getRowId: (row) => row.meterId,
  });

  return (
    <Modal
      opened
      onClose={() => onClose(changed)}
      size="xl"
      title={t('cascade.subMetersOf', { name: point.name })}
    >
      <Stack data-testid="point-sub-meters">
        <ListTable
          table={table}
          rows={data?.rows ?? null}
          loading={false}
          empty={t('cascade.noSubMeters')}
          testId="point-sub-meter-table"
          minWidth={360}
        />
        <ListPager
          total={data?.total ?? 0}
          totalLabel={t('cascade.subMeterTotal', { count: data?.total ?? 0 })}
          page={page}
          onChange={setPage}
        />
        <HasPermi value={['cascade:partition:edit']}>
          <Text fw={500}>{t('cascade.subMetersAdd')}</Text>
          <SubMeterAssociation
            pointId={point.pointId}
            subMeterCount={data?.total ?? point.subMeterCount}
            onAdded={(result) => {
              if (result.added > 0) setChanged(true);
              load();
            }}
          />
        </HasPermi>
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
