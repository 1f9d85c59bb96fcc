import {
  METER_MOVE_SORT_COLUMNS,
  type MeterMoveBody,
  type MeterMoveCandidate,
  type MeterMoveView,
  meterMoveBodySchema,
  type TenantOption,
  type TenantTypes,
} from '@hydrolog/schemas';
import {
  Button,
  Divider,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { defineListScreen, listColumns, TextFilter } from '../../components/ListScreen.tsx';
import { SubmitForm } from '../../components/SubmitForm.tsx';
import { useSchemaForm } from '../../hooks/useSchemaForm.ts';
import { confirmAndRun } from '../../lib/dialogs.ts';
import { apiListQuery, filterField, pageParams, sortParams } from '../../lib/listQuery.ts';
import {
  exportMeterMoves,
  listMeterMoves,
  listMoveCandidates,
  moveMeters,
  moveTenantOptions,
  tenantTypes,
} from './api/meterMoves.ts';
import { meterMoveFilter, meterMoveFilters } from './meterMoveQuery.ts';

/** The route of this page (menu catalogue component 'tenant/meterMove/index'). */
export const METER_MOVE_PATH = '/tenant/meterMove';

const column = listColumns<MeterMoveView>();
const NO_TYPES: TenantTypes = { meterTypes: [], customerTypes: [] };
const dateTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** A utility tenant picked by name; the server filters when more tenants exist than one answer holds. */
function TenantSelect(props: {
  label: string;
  value: string;
  onChange(tenantId: string): void;
  error?: string | undefined;
  required?: boolean;
}) {
  const [options, setOptions] = useState<TenantOption[]>([]);
  const [search, setSearch] = useState('');
  useEffect(() => {
    let current = true;
    moveTenantOptions(search).then(
      (found) => current && setOptions((kept) => mergeOptions(found, kept)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [search]);
  return (
    <Select
      label={props.label}
      withAsterisk={props.required}
      searchable
      clearable={!props.required}
      data={options.map((o) => ({ value: o.tenantId, label: o.name }))}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      onSearchChange={setSearch}
      error={props.error}
    />
  );
}

/** The options found, plus those already known (a chosen tenant keeps its name while others are searched). */
function mergeOptions(found: TenantOption[], kept: TenantOption[]): TenantOption[] {
  const ids = new Set(found.map((o) => o.tenantId));
  return [...found, ...kept.filter((o) => !ids.has(o.tenantId))];
}

/** A tenant's meter types and customer types, loaded when the tenant is chosen. */
function useTenantTypes(tenantId: string): TenantTypes {
  const [types, setTypes] = useState(NO_TYPES);
  useEffect(() => {
    setTypes(NO_TYPES);
    if (!tenantId) return;
    let current = true;
    tenantTypes(tenantId).then(
      (loaded) => current && setTypes(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [tenantId]);
  return types;
}

interface CandidateSource {
  sourceTenantId: string;
  customerTypeId: string;
  meterTypeId: string;
  /** The meters selected, on any page of the candidates: the form moves them. */
  onSelect(meterIds: string[]): void;
}

const candidateFilters = z.object({ meterNo: filterField.text(32) });
const candidateColumn = listColumns<MeterMoveCandidate>();

/** The source tenant's meters of one customer type and one meter type, chosen across pages to be moved. */
const MoveCandidates = defineListScreen({
  bare: true,
  testId: 'meter-move-candidates',
  tableTestId: 'meter-move-candidates',
  texts: { empty: 'meterMove.noCandidates', total: 'meterMove.candidates' },
  filters: candidateFilters,
  keepSelection: true,
  fetch: (query, { sourceTenantId, customerTypeId, meterTypeId }: CandidateSource) =>
    listMoveCandidates({ ...apiListQuery(query), sourceTenantId, customerTypeId, meterTypeId }),
  rowId: (row) => row.meterId,
  onSelect: (meterIds, { onSelect }) => onSelect(meterIds),
  columnChoice: false,
  minWidth: 640,
  // Filtered as the number is typed, without a filter bar: a form of its own would sit inside the move's form.
  above: ({ t, list }) => (
    <TextInput
      label={t('meterMove.meterNoFilter')}
      maxLength={32}
      mb="sm"
      value={list.filters.meterNo}
      onChange={(e) => list.filterBy({ meterNo: e.currentTarget.value })}
    />
  ),
  columns: ({ t }) => [
    candidateColumn.accessor('meterNo', { header: t('meterMove.meterNo') }),
    candidateColumn.accessor('accountNo', { header: t('meterMove.accountNo') }),
    candidateColumn.accessor('customerName', { header: t('meterMove.customerName') }),
    candidateColumn.accessor('phone', { header: t('meterMove.phone') }),
    candidateColumn.accessor('address', { header: t('meterMove.address'), cell: (c) => c.getValue() ?? '' }),
  ],
  selectLabels: ({ t }) => ({
    all: t('meterMove.selectAll'),
    one: (row) => t('meterMove.select', { meterNo: row.meterNo }),
  }),
});

type Values = {
  sourceTenantId: string;
  targetTenantId: string;
  meterIds: string[];
  customerTypeId: string;
  meterTypeId: string;
  reason: string;
  adminContact: string;
} & Record<string, unknown>;

/**
 * Picks the meters of one tenant that share a customer type and a meter type (spec section 5), then the
 * target tenant with the types they take there. Asks for confirmation: the move is not undone here.
 */
function MeterMoveForm({ onClose, onSaved }: { onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const form = useSchemaForm<Values, MeterMoveBody>(meterMoveBodySchema, {
    sourceTenantId: '',
    targetTenantId: '',
    meterIds: [],
    customerTypeId: '',
    meterTypeId: '',
    reason: '',
    adminContact: '',
  });
  const { sourceTenantId, targetTenantId } = form.values;
  const sourceTypes = useTenantTypes(sourceTenantId);
  const targetTypes = useTenantTypes(targetTenantId);
  const [sourceCustomerType, setSourceCustomerType] = useState('');
  const [sourceMeterType, setSourceMeterType] = useState('');
  const ready = Boolean(sourceTenantId && sourceCustomerType && sourceMeterType);

  // Another source, customer type or meter type is another selection.
  const pickSource = (change: () => void) => {
    change();
    form.set('meterIds', []);
  };

  const tenantOptions = (types: TenantTypes) => ({
    customer: types.customerTypes.map((c) => ({ value: c.customerTypeId, label: c.name })),
    meter: types.meterTypes.map((m) => ({ value: m.meterTypeId, label: m.name })),
  });
  const source = tenantOptions(sourceTypes);
  const target = tenantOptions(targetTypes);

  async function submit() {
    await form.submit(async (body) => {
      const done = await confirmAndRun(
        {
          title: t('meterMove.confirmTitle'),
          message: t('meterMove.confirm', { count: body.meterIds.length }),
          confirm: t('meterMove.move'),
        },
        () => moveMeters(body),
        t('meterMove.saved', { count: body.meterIds.length }),
      );
      if (done) onSaved();
    });
  }

  return (
    <Modal opened onClose={onClose} title={t('meterMove.new')} size="xl">
      <SubmitForm testId="meter-move-form" onSubmit={submit}>
        <Stack>
          <Divider label={t('meterMove.from')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TenantSelect
              label={t('meterMove.fromTenant')}
              required
              value={sourceTenantId}
              onChange={(tenantId) =>
                pickSource(() => {
                  form.set('sourceTenantId', tenantId);
                  setSourceCustomerType('');
                  setSourceMeterType('');
                })
              }
              error={form.errors.sourceTenantId}
            />
            <Select
              label={t('meterMove.customerType')}
              withAsterisk
              data={source.customer}
              value={sourceCustomerType || null}
              onChange={(v) => pickSource(() => setSourceCustomerType(v ?? ''))}
              disabled={!sourceTenantId}
            />
            <Select
              label={t('meterMove.meterType')}
              withAsterisk
              data={source.meter}
              value={sourceMeterType || null}
              onChange={(v) => pickSource(() => setSourceMeterType(v ?? ''))}
              disabled={!sourceTenantId}
            />
          </SimpleGrid>
          {ready ? (
            <>
              <MoveCandidates
                // Another source is another list and another selection.
                key={`${sourceTenantId}/${sourceCustomerType}/${sourceMeterType}`}
                sourceTenantId={sourceTenantId}
                customerTypeId={sourceCustomerType}
                meterTypeId={sourceMeterType}
                onSelect={(meterIds) => form.set('meterIds', meterIds)}
              />
              <Text size="sm" c={form.errors.meterIds ? 'red' : undefined} data-testid="meter-move-selected">
                {form.errors.meterIds ?? t('meterMove.selected', { count: form.values.meterIds.length })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('meterMove.pickFirst')}
            </Text>
          )}
          <Divider label={t('meterMove.to')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TenantSelect
              label={t('meterMove.toTenant')}
              required
              value={targetTenantId}
              onChange={(tenantId) => {
                form.set('targetTenantId', tenantId);
                form.set('customerTypeId', '');
                form.set('meterTypeId', '');
              }}
              error={form.errors.targetTenantId}
            />
            <Select
              label={t('meterMove.targetCustomerType')}
              withAsterisk
              data={target.customer}
              value={form.values.customerTypeId || null}
              onChange={(v) => form.set('customerTypeId', v ?? '')}
              error={form.errors.customerTypeId}
              disabled={!targetTenantId}
            />
            <Select
              label={t('meterMove.targetMeterType')}
              withAsterisk
              data={target.meter}
              value={form.values.meterTypeId || null}
              onChange={(v) => form.set('meterTypeId', v ?? '')}
              error={form.errors.meterTypeId}
              disabled={!targetTenantId}
            />
          </SimpleGrid>
          <Textarea label={t('meterMove.reason')} withAsterisk maxLength={100} {...form.text('reason')} />
          <TextInput label={t('meterMove.adminContact')} maxLength={50} {...form.text('adminContact')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.busy}>
              {t('meterMove.move')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Modal>
  );
}

/** Tenants / Meter move: the meters moved between tenants and the form moving more (platform operators). */
export const MeterMoves = defineListScreen({
  path: METER_MOVE_PATH,
  testId: 'meter-move',
  texts: { title: 'meterMove.title', empty: 'meterMove.empty', total: 'meterMove.total' },
  filters: meterMoveFilters,
  sortable: METER_MOVE_SORT_COLUMNS,
  fetch: (query) => listMeterMoves({ ...pageParams(query), ...meterMoveFilter(query) }),
  rowId: (row) => row.moveId,
  firstUse: ({ t }) => t('meterMove.none'),
  filterBar: (bar, { t }) => (
    <>
      <TextFilter bar={bar} name="meterNo" label={t('meterMove.meterOrAccount')} maxLength={32} />
      <TenantSelect
        label={t('meterMove.tenant')}
        value={bar.filters.tenantId}
        onChange={(tenantId) => bar.setFilter('tenantId', tenantId)}
      />
      <TextFilter bar={bar} name="fromDay" label={t('meterMove.fromDay')} date />
      <TextFilter bar={bar} name="toDay" label={t('meterMove.toDay')} date />
    </>
  ),
  columns: ({ t }) => {
    const optional = (value: string | null) => value ?? '';
    return [
      column.accessor('meterNo', { header: t('meterMove.meterNo') }),
      column.accessor('fromTenantName', { header: t('meterMove.fromTenant') }),
      column.accessor('toTenantName', { header: t('meterMove.toTenant') }),
      column.accessor('meterTypeName', {
        header: t('meterMove.meterType'),
        cell: (c) => `${c.row.original.fromMeterTypeName} → ${c.getValue()}`,
      }),
      column.accessor('customerTypeName', {
        header: t('meterMove.customerType'),
        cell: (c) => optional(c.getValue()),
      }),
      column.accessor('accountNo', { header: t('meterMove.accountNo'), cell: (c) => optional(c.getValue()) }),
      column.accessor('customerName', {
        header: t('meterMove.customerName'),
        cell: (c) => optional(c.getValue()),
      }),
      column.accessor('address', { header: t('meterMove.address'), cell: (c) => optional(c.getValue()) }),
      column.accessor('phone', { header: t('meterMove.phone'), cell: (c) => optional(c.getValue()) }),
      column.accessor('reason', { header: t('meterMove.reason') }),
      column.accessor('adminContact', {
        header: t('meterMove.adminContact'),
        cell: (c) => optional(c.getValue()),
      }),
      column.accessor('operator', { header: t('meterMove.operator'), cell: (c) => optional(c.getValue()) }),
      column.accessor('movedAt', { header: t('meterMove.movedAt'), cell: (c) => dateTime(c.getValue()) }),
    ];
  },
  create: ({ t }) => ({ label: t('meterMove.new'), permission: ['business:meterMove:move'] }),
  export: {
    permission: 'business:meterMove:export',
    run: (query) => exportMeterMoves({ ...meterMoveFilter(query), ...sortParams(query) }),
  },
  minWidth: 1400,
  form: ({ close, saved }) => <MeterMoveForm onClose={close} onSaved={saved} />,
});
