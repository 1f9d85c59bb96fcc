import { PAGE_SIZES } from '@hydrolog/schemas';
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Skeleton,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  createColumnHelper,
  type ReactTable,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  type TableFeatures,
  tableFeatures,
} from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageQuery } from '../lib/listQuery.ts';
import { Icon } from './Icon.tsx';

/** Cells keep to one line; the actions stay in sight when the table scrolls. */
export function defaultCellStyle(columnId: string): CSSProperties {
  if (columnId === 'actions')
    return { whiteSpace: 'nowrap', position: 'sticky', right: 0, background: 'var(--mantine-color-body)' };
  return { whiteSpace: 'nowrap' };
}

/** The default cell style, with the columns of figures (`columnIds`) aligned right, header included. */
export function figureColumns(...columnIds: string[]): (columnId: string) => CSSProperties {
  return (columnId) =>
    columnIds.includes(columnId)
      ? { ...defaultCellStyle(columnId), textAlign: 'right' }
      : defaultCellStyle(columnId);
}

interface ListTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  table: ReactTable<TFeatures, TData>;
  /** Null until the first answer: skeleton rows meanwhile. */
  rows: readonly TData[] | null;
  loading: boolean;
  /** The text of an empty result, or what to show instead (what the list is for, how to begin). */
  empty: ReactNode;
  testId: string;
  selection?: RowSelectionState;
  minWidth?: number;
  cellStyle?: (columnId: string) => CSSProperties;
  /** Extra attributes of a row's element (a tree table's depth). */
  rowProps?: (row: TData) => Record<string, string | number>;
}

/** The table of a list page: header, skeleton while loading first, empty text, rows, overlay on reload. */
export function ListTable<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  rows,
  loading,
  empty,
  testId,
  selection,
  minWidth = 960,
  cellStyle = defaultCellStyle,
  rowProps,
}: ListTableProps<TFeatures, TData>) {
  const span = table.getAllLeafColumns().length;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading && rows !== null} overlayProps={{ blur: 1 }} />
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover withTableBorder horizontalSpacing="xs" fz="sm" data-testid={testId}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} style={cellStyle(header.column.id)}>
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {!rows &&
              [0, 1, 2].map((i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={span}>
                    <Skeleton height={18} />
                  </Table.Td>
                </Table.Tr>
              ))}
            {rows?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={span}>
                  {typeof empty === 'string' ? (
                    <Text c="dimmed" ta="center" py="lg">
                      {empty}
                    </Text>
                  ) : (
                    empty
                  )}
                </Table.Td>
              </Table.Tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-selected={selection?.[row.id] || undefined}
                {...rowProps?.(row.original)}
              >
                {row.getAllCells().map((cell) => (
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

/** The table features of a list with row selection. */
export const selectableFeatures = tableFeatures({ rowSelectionFeature });

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
    cell: (c) => (
      <Checkbox
        aria-label={labels.one(c.row.original)}
        checked={c.row.getIsSelected()}
        onChange={c.row.getToggleSelectedHandler()}
      />
    ),
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
