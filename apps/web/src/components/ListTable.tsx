import { PAGE_SIZES } from '@hydrolog/schemas';
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Popover,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createColumnHelper,
  type ReactTable,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  type TableFeatures,
  tableFeatures,
  type Updater,
} from '@tanstack/react-table';
import { type CSSProperties, Fragment, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSort, type PageQuery, type SortQuery } from '../lib/listQuery.ts';
import { Icon } from './Icon.tsx';

/**
 * Cells keep to one line, so every column is as wide as its content and a wide table scrolls sideways; no
 * column is pinned over the others (a sticky actions column hid the columns under it).
 */
export function defaultCellStyle(_columnId: string): CSSProperties {
  return { whiteSpace: 'nowrap' };
}

/** The default cell style, with the columns of figures (`columnIds`) aligned right, header included. */
export function figureColumns(...columnIds: string[]): (columnId: string) => CSSProperties {
  return (columnId) =>
    columnIds.includes(columnId)
      ? { ...defaultCellStyle(columnId), textAlign: 'right' }
      : defaultCellStyle(columnId);
}

/** What a list shows of its rows besides them: loading, failure, emptiness. */
interface ListStates<TData> {
  /** Null until the first answer: skeleton rows meanwhile. */
  rows: readonly TData[] | null;
  loading: boolean;
  /** The last load failed (the request layer said why): a button to try again instead of the rows. */
  failed?: boolean;
  onRetry?(): void;
  /** The text of an empty result, or what to show instead (what the list is for, how to begin). */
  empty: ReactNode;
  testId: string;
}

interface ListTableProps<TFeatures extends TableFeatures, TData extends RowData> extends ListStates<TData> {
  table: ReactTable<TFeatures, TData>;
  selection?: RowSelectionState;
  minWidth?: number;
  cellStyle?: (columnId: string) => CSSProperties;
  /** Extra attributes of a row's element (a tree table's depth). */
  rowProps?: (row: TData) => Record<string, string | number>;
  /** The columns sorted on the server (the list query schema's whitelist), the sort and its change. */
  sortable?: readonly string[];
  sort?: SortQuery;
  onSort?(sort: SortQuery): void;
}

/** The table of a list page: header, skeleton while loading first, empty text, rows, overlay on reload. */
export function ListTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  rows,
  loading,
  failed = false,
  onRetry,
  empty,
  testId,
  selection,
  minWidth = 960,
  cellStyle = defaultCellStyle,
  rowProps,
  sortable = [],
  sort,
  onSort,
}: ListTableProps<TFeatures, TData>) {
  const headerGroups = table.getHeaderGroups();
  // The header row has the visible columns (every column of a table without column choice).
  const visible = new Set(headerGroups.at(-1)?.headers.map((header) => header.column.id));
  const span = visible.size;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading && rows !== null} overlayProps={{ blur: 1 }} />
      {/* The scrollbar shows whenever the table is wider than the page, so that its last columns are found. */}
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: 'auto' }}>
        <Table striped highlightOnHover withTableBorder horizontalSpacing="xs" fz="sm" data-testid={testId}>
          <Table.Thead>
            {headerGroups.map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const columnId = header.column.id;
                  const sorted = sort?.orderByColumn === columnId ? sort.isAsc : '';
                  const canSort = sort && onSort && !header.isPlaceholder && sortable.includes(columnId);
                  return (
                    <Table.Th
                      key={header.id}
                      style={cellStyle(columnId)}
                      aria-sort={canSort ? sorted || 'none' : undefined}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <UnstyledButton
                          fz="inherit"
                          fw="inherit"
                          style={{ whiteSpace: 'nowrap' }}
                          onClick={() => onSort(nextSort(sort, columnId))}
                        >
                          <table.FlexRender header={header} />{' '}
                          <Box
                            component="span"
                            c={sorted ? undefined : 'dimmed'}
                            style={{ verticalAlign: 'middle' }}
                          >
                            <Icon
                              name={
                                sorted === 'ascending'
                                  ? 'arrow-up'
                                  : sorted === 'descending'
                                    ? 'arrow-down'
                                    : 'selector'
                              }
                              size={14}
                            />
                          </Box>
                        </UnstyledButton>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {failed && (
              <Table.Tr>
                <Table.Td colSpan={span} ta="center" py="lg" data-testid={`${testId}-failed`}>
                  <RetryButton onRetry={onRetry} />
                </Table.Td>
              </Table.Tr>
            )}
            {!rows &&
              !failed &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={span}>
                    <Skeleton height={18} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {!failed && rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  <EmptyList empty={empty} />
                </Table.Td>
              </Table.Tr>
            )}
            {!failed &&
              table.getRowModel().rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-selected={selection?.[row.id] || undefined}
                  {...rowProps?.(row.original)}
                >
                  {row
                    .getAllCells()
                    .filter((cell) => visible.has(cell.column.id))
                    .map((cell) => (
                      <Table.Td key={cell.id} style={cellStyle(cell.column.id)}>
                        <table.FlexRender cell={cell} />
                      </Table.Td>
                    ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

function RetryButton({ onRetry }: { onRetry?(): void }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" onClick={onRetry}>
      {t('common.retry')}
    </Button>
  );
}

function EmptyList({ empty }: { empty: ReactNode }) {
  return typeof empty === 'string' ? (
    <Text c="dimmed" ta="center" py="lg">
      {empty}
    </Text>
  ) : (
    empty
  );
}

/**
 * The rows of a list as cards (a feed of messages), with the states of ListTable: skeletons while loading
 * first, a retry after a failure, the empty text, an overlay on reload.
 */
export function ListCards<TData>(
  props: ListStates<TData> & { rowId(row: TData): string; card(row: TData): ReactNode },
) {
  const { rows, testId } = props;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={props.loading && rows !== null} overlayProps={{ blur: 1 }} />
      <Stack gap="xs" data-testid={testId}>
        {props.failed ? (
          <Group justify="center" py="lg" data-testid={`${testId}-failed`}>
            <RetryButton onRetry={props.onRetry} />
          </Group>
        ) : !rows ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
        ) : rows.length === 0 ? (
          <EmptyList empty={props.empty} />
        ) : (
          rows.map((row) => <Fragment key={props.rowId(row)}>{props.card(row)}</Fragment>)
        )}
      </Stack>
    </Box>
  );
}

/** Spec section 9 pagination under a list: total, page sizes 10/20/30/50, pages. */
export function ListPager({
  total,
  totalLabel,
  page,
  onChange,
}: {
  total: number;
  totalLabel: string;
  page: PageQuery;
  onChange(page: PageQuery): void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="md">
      <Text size="sm" c="dimmed">
        {totalLabel}
      </Text>
      <Select
        w={90}
        aria-label={t('common.pageSize')}
        allowDeselect={false}
        data={PAGE_SIZES.map(String)}
        value={String(page.pageSize)}
        onChange={(value) => value && onChange({ pageNum: 1, pageSize: Number(value) })}
      />
      <Pagination
        total={Math.max(1, Math.ceil(total / page.pageSize))}
        value={page.pageNum}
        onChange={(pageNum) => onChange({ ...page, pageNum })}
      />
    </Group>
  );
}

/** The filter bar of a list page: its fields, then Search (also on Enter) and Reset. */
export function FilterBar({
  testId,
  onSearch,
  onReset,
  children,
}: {
  testId: string;
  onSearch(): void;
  onReset(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Group mb="md" align="flex-end" gap="sm" data-testid={testId}>
        {children}
        <Button type="submit">{t('common.search')}</Button>
        <Button variant="default" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Group>
    </form>
  );
}

/** The table features of a list: rows can be selected and columns chosen (ColumnsMenu, useColumnChoice). */
export const selectableFeatures = tableFeatures({ rowSelectionFeature, columnVisibilityFeature });

/** Columns always shown: the row selection and the row actions. */
const ALWAYS_SHOWN = ['select', 'actions'];
const columnsKey = (testId: string) => `list-columns:${testId}`;

/** Only the hidden columns that may be hidden. */
const hiddenOnly = (state: ColumnVisibilityState): ColumnVisibilityState =>
  Object.fromEntries(
    Object.entries(state).filter(([id, shown]) => shown === false && !ALWAYS_SHOWN.includes(id)),
  );

function storedColumns(testId: string): ColumnVisibilityState {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(columnsKey(testId)) ?? '{}');
    return stored && typeof stored === 'object' ? hiddenOnly(stored as ColumnVisibilityState) : {};
  } catch {
    return {};
  }
}

/**
 * The columns a user hid in a list (its table testId names it), kept in localStorage, not in the URL: a
 * choice of this browser, not part of a shared link. Spread into useTable's options.
 */
export function useColumnChoice(testId: string) {
  const [columnVisibility, setColumnVisibility] = useState(() => storedColumns(testId));
  useEffect(() => {
    if (Object.keys(columnVisibility).length === 0) localStorage.removeItem(columnsKey(testId));
    else localStorage.setItem(columnsKey(testId), JSON.stringify(columnVisibility));
  }, [testId, columnVisibility]);
  const onColumnVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) =>
      setColumnVisibility((previous) =>
        hiddenOnly(typeof updater === 'function' ? updater(previous) : updater),
      ),
    [],
  );
  return { state: { columnVisibility }, onColumnVisibilityChange };
}

/** What the columns menu needs of a table with column visibility (list or selectable features). */
interface ChoosableTable {
  getAllLeafColumns(): {
    id: string;
    columnDef: { header?: unknown };
    getIsVisible(): boolean;
    toggleVisibility(visible?: boolean): void;
  }[];
  resetColumnVisibility(defaultState?: boolean): void;
}

/**
 * The "Columns" button of a list's toolbar: show or hide each column (selection and actions always
 * stay), or go back to every column.
 */
export function ColumnsMenu({ table, testId }: { table: ChoosableTable; testId: string }) {
  const { t } = useTranslation();
  const columns = table.getAllLeafColumns().filter((column) => !ALWAYS_SHOWN.includes(column.id));
  const shown = columns.filter((column) => column.getIsVisible()).length;
  return (
    <Popover position="bottom-end" shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<Icon name="columns" size={16} />}>
          {t('common.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-columns`}>
        <Stack gap="xs">
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              // Chosen columns have plain-text headers.
              label={typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id}
              checked={column.getIsVisible()}
              // One column at least stays.
              disabled={column.getIsVisible() && shown === 1}
              onChange={(event) => column.toggleVisibility(event.currentTarget.checked)}
            />
          ))}
          <Button variant="subtle" size="xs" onClick={() => table.resetColumnVisibility(true)}>
            {t('common.columnsReset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The checkbox column of a list with row selection: all rows of the page in the header, one per row. */
export function selectionColumn<TData extends RowData>(labels: { all: string; one(row: TData): string }) {
  return createColumnHelper<typeof selectableFeatures, TData>().display({
    id: 'select',
    header: ({ table }) => (
      <Checkbox
        aria-label={labels.all}
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    // A row that cannot be chosen (one that may not go) has no checkbox.
    cell: (c) =>
      c.row.getCanSelect() ? (
        <Checkbox
          aria-label={labels.one(c.row.original)}
          checked={c.row.getIsSelected()}
          onChange={c.row.getToggleSelectedHandler()}
        />
      ) : null,
  });
}

/** An icon button of a table row, named by its tooltip and, for screen readers, by the row it acts on. */
export function RowAction(props: {
  label: string;
  ariaLabel: string;
  icon: string;
  color?: string;
  onClick(): void;
}) {
  return (
    <Tooltip label={props.label} withinPortal>
      <ActionIcon variant="subtle" color={props.color} aria-label={props.ariaLabel} onClick={props.onClick}>
        <Icon name={props.icon} size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
