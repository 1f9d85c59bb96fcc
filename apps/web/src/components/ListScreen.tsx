import type { Messages } from '@hydrolog/schemas';
import {
  ActionIcon,
  Button,
  Card,
  FileButton,
  Group,
  Select,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { type ColumnDef, createColumnHelper, type RowData, useTable } from '@tanstack/react-table';
import type { ParseKeys, TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ListQuery,
  type ListState,
  type ListStateOptions,
  useListState,
} from '../hooks/useListState.ts';
import type { MessageGroupWith } from '../i18n/index.ts';
import { confirmAndRun } from '../lib/dialogs.ts';
import { filtersOf, type PageQuery } from '../lib/listQuery.ts';
import { ExportButton } from './ExportButton.tsx';
import { Icon } from './Icon.tsx';
import {
  ColumnsMenu,
  defaultCellStyle,
  FilterBar,
  ListCards,
  ListPager,
  ListTable,
  RowAction,
  selectableFeatures,
  selectionColumn,
  useColumnChoice,
} from './ListTable.tsx';
import { HasPermi, useHasPermi } from './Permission.tsx';

/** The column helper of a list screen's rows. */
export const listColumns = <Row extends RowData>() => createColumnHelper<typeof selectableFeatures, Row>();

// biome-ignore lint/suspicious/noExplicitAny: a column's value type is its own, one per column
type ListColumn<Row extends RowData> = ColumnDef<typeof selectableFeatures, Row, any>;

/** What a screen's own parts see: texts, permissions, the list and what the page keeps itself. */
export interface ListScreenContext<F extends object, Row, Page, Props, S extends string = string> {
  t: TFunction;
  /** The user's language, for numbers and dates. */
  language: string;
  hasPermi(value: readonly string[]): boolean;
  list: ListState<F, Row, S>;
  page: Page;
  props: Props;
  /** Opens the page's form on a row, or empty for a new one. */
  edit(row: Row | 'new'): void;
}

/**
 * The removal of rows: a red row action and, with `selected`, the button that removes the selected rows.
 * It asks first, says when done and pages back if the page emptied; a refusal is shown by the request layer.
 */
export interface RemoveAction<Row> {
  permission: readonly string[];
  ariaLabel(row: Row): string;
  /** Without a remove button in each row: only the selected rows go. */
  selectedOnly?: boolean;
  /** Whether this row may go (by default every row): the others have no remove button nor checkbox. */
  allowed?(row: Row): boolean;
  /** The label of the button that removes the selected rows ({{count}}). */
  selected?(count: number): string;
  texts(rows: Row[]): { title: string; message: string; confirm: string; done?: string };
  run(rows: Row[]): Promise<unknown>;
}

/** A message group with the texts of removing one row: `removeOf` (its button), `removeTitle`, `removeConfirm`, `removed`. */
type RemovalMessages = {
  [G in keyof Messages]: Messages[G] extends Record<
    'removeOf' | 'removeTitle' | 'removeConfirm' | 'removed',
    string
  >
    ? G
    : never;
}[keyof Messages];

/** The button label and texts of removing one row, from its message group and the row's name (or meter number) in them. */
export function removalTexts<Row>(
  t: TFunction,
  group: RemovalMessages,
  values: (row: Row) => { name: string } | { meterNo: string },
): Pick<RemoveAction<Row>, 'ariaLabel' | 'texts'> {
  // One key of the group (checked by RemovalMessages; TypeScript cannot follow a key built from a union).
  const key = (name: 'removeOf' | 'removeTitle' | 'removeConfirm' | 'removed') =>
    `${group}.${name}` as ParseKeys;
  return {
    ariaLabel: (row) => t(key('removeOf'), values(row)),
    texts: ([row]) => {
      const named = row ? values(row) : undefined;
      return {
        title: t(key('removeTitle')),
        message: t(key('removeConfirm'), named),
        confirm: t('actions.remove'),
        done: t(key('removed'), named),
      };
    },
  };
}

/** A message group with the texts of removing the selected rows, named in a list: `removeOf` (a row's button), `removeSelected` ({{count}}), `removeTitle`, `removeConfirm` ({{names}}), `removed` ({{count}}, in plural forms). */
type SelectedRemovalMessages = MessageGroupWith<
  'removeOf' | 'removeSelected' | 'removeTitle' | 'removeConfirm' | 'removed_other'
>;

/** The button labels and texts of removing rows one by one or selected, from their message group and each row's name. */
export function selectedRemovalTexts<Row>(
  t: TFunction,
  group: SelectedRemovalMessages,
  name: (row: Row) => string,
): Pick<RemoveAction<Row>, 'ariaLabel' | 'selected' | 'texts'> {
  const key = (part: 'removeOf' | 'removeSelected' | 'removeTitle' | 'removeConfirm' | 'removed') =>
    `${group}.${part}` as ParseKeys;
  return {
    ariaLabel: (row) => t(key('removeOf'), { name: name(row) }),
    selected: (count) => t(key('removeSelected'), { count }),
    texts: (rows) => ({
      title: t(key('removeTitle')),
      message: t(key('removeConfirm'), { names: rows.map(name).join(', ') }),
      confirm: t('actions.remove'),
      done: t(key('removed'), { count: rows.length }),
    }),
  };
}

/** A message group with the label of a row's edit button: `editOf` ({{name}}). */
type EditMessages = MessageGroupWith<'editOf'>;

/**
 * The usual `editRow` of a list: for holders of `permission`, labelled with the row's name in the group's
 * `editOf`, on every row or those `allowed`.
 */
export function editRowOf<Row>(
  group: EditMessages,
  permission: string,
  name: (row: Row) => string,
  allowed?: (row: Row) => boolean,
) {
  return ({ t }: { t: TFunction }) => ({
    permission: [permission],
    ariaLabel: (row: Row) => t(`${group}.editOf` as ParseKeys, { name: name(row) }),
    allowed,
  });
}

/** A message group with the usual texts of a list: its `title`, `empty` list, `total` ({{count}}, in plural forms or not) and row `actions`. */
type ListMessages = {
  [G in keyof Messages]: Messages[G] extends Record<'title' | 'empty' | 'actions', string> &
    ({ total: string } | { total_other: string })
    ? G
    : never;
}[keyof Messages];

/** The `texts` of a list screen whose message group has the usual four. */
export function listTexts(group: ListMessages) {
  // Keys of the group (checked by ListMessages; TypeScript cannot follow a key built from a union).
  const key = (name: 'title' | 'empty' | 'total' | 'actions') => `${group}.${name}` as ParseKeys;
  return { title: key('title'), empty: key('empty'), total: key('total'), actions: key('actions') };
}

/** The create and edit dialog of a list's rows: a saved row reloads the list. */
export interface FormState<Row> {
  row: Row | null;
  close(): void;
  saved(): void;
}

/** An icon button of a row, shown to holders of one of `permission` (to everyone without it). */
export interface RowActionItem {
  label: string;
  ariaLabel: string;
  icon: string;
  color?: string;
  permission?: readonly string[];
  onClick?(): void;
  /** A button that chooses a file instead (an image to upload) and gives it here. */
  upload?: { accept: string; onFile(file: File | null): void };
}

/** A button of the header that acts on the selected rows of the page. */
export interface BatchAction<Row> {
  label(count: number): string;
  permission: readonly string[];
  color?: string;
  title?: string;
  /** Whether it can act on these rows; by default on one row or more. */
  enabled?(rows: Row[]): boolean;
  run(rows: Row[]): void;
}

/** A button of the header (create, import, clean…), shown to holders of one of `permission`. */
export interface ScreenAction {
  label: string;
  permission?: readonly string[];
  color?: string;
  variant?: string;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
  onClick(): void;
}

/**
 * A list screen: its query, texts and parts, with its rows shown either as table rows (`columns`) or as
 * cards (`card`).
 */
export type ListScreenDefinition<
  F extends object,
  Row extends RowData,
  Page,
  Props,
  S extends string,
> = ListScreenParts<F, Row, Page, Props, S> &
  (TableRows<F, Row, Page, Props, S> | CardRows<F, Row, Page, Props, S>);

interface TableRows<F extends object, Row, Page, Props, S extends string> {
  /**
   * The columns, made with `listColumns<Row>()`. Typed loosely on purpose: an array typed as columns would
   * make TypeScript infer `any` for every cell's value instead of the column's own type.
   */
  columns(context: ListScreenContext<F, Row, Page, Props, S>): readonly unknown[];
  card?: never;
}

interface CardRows<F extends object, Row, Page, Props, S extends string> {
  /**
   * Each row as a card (a feed of messages) instead of a table row: no columns, column choice, selection
   * or row actions then; the loading, failed, empty states and the pager stay.
   */
  card(row: Row, context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  columns?: never;
}

interface ListScreenParts<F extends object, Row extends RowData, Page, Props, S extends string>
  extends Omit<ListStateOptions<F, Row, S>, 'fetch' | 'path'> {
  /** The route whose URL keeps the query (from the props for a page of several routes); none inside a page. */
  path?: string | ((props: Props) => string);
  /** The title when it depends on the props (instead of `texts.title`). */
  title?(context: ListScreenContext<F, Row, Page, Props, S>): string;
  /** `<testId>-page`, `<testId>-filter` and `<testId>-table` name the card, filter bar and table. */
  testId: string;
  /** The table's own test id, where it is not `<testId>-table`. */
  tableTestId?: string;
  /** Message keys: the title (none for a list inside a page), the empty list, the total ({{count}}), the header of the row actions. */
  texts: { title?: ParseKeys; intro?: ParseKeys; empty: ParseKeys; total?: ParseKeys; actions?: ParseKeys };
  /** The empty text when it depends on the filters or the props (instead of `texts.empty`). */
  empty?(context: ListScreenContext<F, Row, Page, Props, S>): string;
  /** What an empty list shows before any filter: what the list is for, how to begin. */
  firstUse?(context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  /** A tree (regions, departments, menus) comes whole, without pages: `fetch` answers every row in order. */
  tree?: boolean;
  /** The rows on screen of those fetched, where some are hidden (the branches of a tree folded away). */
  shownRows?(rows: Row[], context: ListScreenContext<F, Row, Page, Props, S>): Row[];
  fetch(query: ListQuery<F, S>, props: Props): Promise<{ total: number; rows: Row[] }>;
  /** The page's own state and commands (dialogs, confirmations), given the list: a hook. */
  usePage?(list: ListState<F, Row, S>, props: Props): Page;
  /** The fields of the filter bar (Search and Reset come with it). */
  filterBar?(bar: FilterBarFields<F>, context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  /** The "Edit" row action, first of a row: it opens the form (`form`) on the row. */
  editRow?(context: ListScreenContext<F, Row, Page, Props, S>): {
    permission: readonly string[];
    ariaLabel(row: Row): string;
    /** Whether this row can be edited (by default every row). */
    allowed?(row: Row): boolean;
  };
  /** The button that opens the form empty, last of the header. */
  create?(context: ListScreenContext<F, Row, Page, Props, S>): {
    label: string;
    permission: readonly string[];
  };
  rowActions?(row: Row, context: ListScreenContext<F, Row, Page, Props, S>): RowActionItem[];
  remove?(context: ListScreenContext<F, Row, Page, Props, S>): RemoveAction<Row>;
  /**
   * A picker inside a form: the rows get checkboxes, and every change of the selection is told by the ids
   * of the rows selected (with `keepSelection`, on every page).
   */
  onSelect?(rowIds: string[], props: Props): void;
  /** With batch actions, the rows get checkboxes (for holders of one of the actions' permissions). */
  batchActions?(context: ListScreenContext<F, Row, Page, Props, S>): BatchAction<Row>[];
  selectLabels?(context: ListScreenContext<F, Row, Page, Props, S>): { all: string; one(row: Row): string };
  actions?(context: ListScreenContext<F, Row, Page, Props, S>): ScreenAction[];
  /** The xlsx export of the list as filtered and ordered, for holders of `permission`. */
  export?: { permission: string; run(query: ListQuery<F, S>, props: Props): Promise<void> };
  /** What the page shows besides the list: its dialogs, a summary above the table. */
  above?(context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  dialogs?(context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  form?(form: FormState<Row>, context: ListScreenContext<F, Row, Page, Props, S>): ReactNode;
  /** Without a card around it: a list inside a page or a dialog. */
  bare?: boolean;
  columnChoice?: boolean;
  minWidth?: number;
  cellStyle?(columnId: string): CSSProperties;
  rowProps?(row: Row): Record<string, string | number>;
}

export interface FilterBarFields<F> {
  filters: F;
  setFilter<K extends keyof F>(key: K, value: F[K]): void;
  setFilters(update: (filters: F) => F): void;
}

const noPage = () => undefined;

/**
 * A list screen: filters kept in the URL (read by the filter schema), server pages (spec section 9 sizes),
 * sorting, column choice, loading, empty and failed states, buttons for the permissions a user holds and
 * the export. The one way to build a list; the page adds its columns, actions and dialogs. The row type
 * is read from `fetch` and the page's own state from `usePage`, so both come before the parts that are
 * given the context.
 */
export function defineListScreen<
  F extends object,
  Row extends RowData,
  Page = undefined,
  Props = object,
  S extends string = never,
>(definition: ListScreenDefinition<F, Row, Page, Props, S>) {
  const usePage = (definition.usePage ?? noPage) as (list: ListState<F, Row, S>, props: Props) => Page;
  const { texts, testId } = definition;
  const tableTestId = definition.tableTestId ?? `${testId}-table`;

  function ListScreen(props: Props) {
    const { t, i18n } = useTranslation();
    const hasPermi = useHasPermi();
    const list = useListState<F, Row, S>({
      ...definition,
      path: typeof definition.path === 'function' ? definition.path(props) : definition.path,
      fetch: (query) => definition.fetch(query, props),
    });
    const page = usePage(list, props);
    const [editing, setEditing] = useState<Row | 'new' | null>(null);
    const context: ListScreenContext<F, Row, Page, Props, S> = {
      t,
      language: i18n.language,
      hasPermi,
      list,
      page,
      props,
      edit: setEditing,
    };

    const remove = definition.remove?.(context);
    async function removeRows(rows: Row[]) {
      if (!remove || rows.length === 0) return;
      const texts = remove.texts(rows);
      if (await confirmAndRun(texts, () => remove.run(rows), texts.done)) list.removed(rows.length);
    }
    const batch = [
      ...(remove?.selected
        ? [
            {
              label: remove.selected,
              permission: remove.permission,
              color: 'red',
              run: (rows: Row[]) => void removeRows(rows),
            },
          ]
        : []),
      ...(definition.batchActions?.(context) ?? []),
    ];
    const selectable = Boolean(definition.onSelect) || batch.some((action) => hasPermi(action.permission));
    const labels = definition.selectLabels?.(context);
    const columns: ListColumn<Row>[] = [
      ...(selectable && labels ? [selectionColumn<Row>(labels) as ListColumn<Row>] : []),
      ...((definition.columns?.(context) ?? []) as ListColumn<Row>[]),
    ];
    const editRow = definition.editRow?.(context);
    const rowActions = (row: Row): RowActionItem[] => [
      ...(editRow && (editRow.allowed?.(row) ?? true)
        ? [
            {
              label: t('actions.edit'),
              ariaLabel: editRow.ariaLabel(row),
              icon: 'edit',
              permission: editRow.permission,
              onClick: () => setEditing(row),
            },
          ]
        : []),
      ...(definition.rowActions?.(row, context) ?? []),
      ...(remove && !remove.selectedOnly && (remove.allowed?.(row) ?? true)
        ? [
            {
              label: t('actions.remove'),
              ariaLabel: remove.ariaLabel(row),
              icon: 'trash',
              color: 'red',
              permission: remove.permission,
              onClick: () => void removeRows([row]),
            },
          ]
        : []),
    ];
    if (editRow || definition.rowActions || remove)
      columns.push(
        listColumns<Row>().display({
          id: 'actions',
          header: () => (texts.actions ? t(texts.actions) : ''),
          cell: (c) => <RowActions actions={rowActions(c.row.original)} />,
        }) as ListColumn<Row>,
      );
    const fetched = list.data?.rows;
    const rows = fetched && definition.shownRows ? definition.shownRows(fetched, context) : fetched;
    const columnChoice = useColumnChoice(tableTestId);
    const table = useTable({
      features: selectableFeatures,
      columns,
      data: rows ?? NO_ROWS,
      getRowId: definition.rowId,
      enableRowSelection: (row) => selectable && (remove?.allowed?.(row.original) ?? true),
      onRowSelectionChange: list.setSelection,
      ...(definition.columnChoice !== false ? columnChoice : {}),
      state: {
        rowSelection: list.selection,
        ...(definition.columnChoice !== false ? columnChoice.state : {}),
      },
    });
    const selected = list.selectedRows;
    const selectedIds = selected.map(definition.rowId).join('\n');
    // The latest props, told only when the selection changes.
    const tellSelection = useRef((ids: string[]) => definition.onSelect?.(ids, props));
    tellSelection.current = (ids) => definition.onSelect?.(ids, props);
    useEffect(() => tellSelection.current(selectedIds ? selectedIds.split('\n') : []), [selectedIds]);
    const create = definition.create?.(context);
    const actions = [
      ...(definition.actions?.(context) ?? []),
      ...(create ? [{ ...create, onClick: () => setEditing('new') }] : []),
    ];
    const exporter = definition.export;
    const title = definition.title?.(context) ?? (texts.title && t(texts.title));
    const empty =
      definition.firstUse && !isFiltered(list.query)
        ? definition.firstUse(context)
        : (definition.empty?.(context) ?? t(texts.empty));
    const card = definition.card;
    const states = {
      rows: rows ?? null,
      loading: list.loading,
      failed: list.failed,
      onRetry: list.load,
      empty,
      testId: tableTestId,
    };
    const choosable = !card && definition.columnChoice !== false;

    const body = (
      <>
        {(title || actions.length > 0 || batch.length > 0 || exporter) && (
          <Group justify="space-between" mb="md">
            {title ? <Title order={4}>{title}</Title> : <span />}
            <Group gap="xs">
              {choosable && <ColumnsMenu table={table} testId={tableTestId} />}
              {exporter && (
                <ExportButton
                  permission={exporter.permission}
                  exportFile={() => exporter.run(list.query, props)}
                />
              )}
              {batch.map((action) => (
                <HasPermi key={action.label(0)} value={action.permission}>
                  <Button
                    color={action.color}
                    variant="light"
                    title={action.title}
                    disabled={!(action.enabled ?? atLeastOne)(selected)}
                    onClick={() => action.run(selected)}
                  >
                    {action.label(selected.length)}
                  </Button>
                </HasPermi>
              ))}
              {actions.map((action) => (
                <Shown key={action.label} permission={action.permission}>
                  <Button
                    color={action.color}
                    variant={action.variant}
                    loading={action.loading}
                    disabled={action.disabled}
                    data-testid={action.testId}
                    onClick={action.onClick}
                  >
                    {action.label}
                  </Button>
                </Shown>
              ))}
            </Group>
          </Group>
        )}
        {texts.intro && (
          <Text size="sm" c="dimmed" mb="sm">
            {t(texts.intro)}
          </Text>
        )}
        {definition.filterBar && (
          <FilterBar testId={`${testId}-filter`} onSearch={list.search} onReset={list.reset}>
            {definition.filterBar(
              { filters: list.filters, setFilter: list.setFilter, setFilters: list.setFilters },
              context,
            )}
          </FilterBar>
        )}
        {definition.above?.(context)}
        {card ? (
          <ListCards {...states} rowId={definition.rowId} card={(row) => card(row, context)} />
        ) : (
          <ListTable
            {...states}
            table={table}
            selection={list.selection}
            minWidth={definition.minWidth}
            cellStyle={definition.cellStyle ?? defaultCellStyle}
            rowProps={definition.rowProps}
            sortable={definition.sortable}
            sort={list.sort}
            onSort={list.setSort}
          />
        )}
        {!definition.tree && (
          <ListPager
            total={list.data?.total ?? 0}
            totalLabel={texts.total ? t(texts.total, { count: list.data?.total ?? 0 }) : ''}
            page={list.query}
            onChange={list.setPage}
          />
        )}
        {editing !== null &&
          definition.form?.(
            {
              row: editing === 'new' ? null : editing,
              close: () => setEditing(null),
              saved: () => {
                setEditing(null);
                list.load();
              },
            },
            context,
          )}
        {definition.dialogs?.(context)}
      </>
    );
    return definition.bare ? (
      <div data-testid={`${testId}-page`}>{body}</div>
    ) : (
      <Card withBorder data-testid={`${testId}-page`}>
        {body}
      </Card>
    );
  }
  return ListScreen;
}

const NO_ROWS: never[] = [];
const isFiltered = (query: object) =>
  Object.values(filtersOf(query as PageQuery)).some((value) => value !== '');
const atLeastOne = (rows: unknown[]) => rows.length > 0;

function Shown({ permission, children }: { permission?: readonly string[]; children: ReactNode }) {
  return permission ? <HasPermi value={permission}>{children}</HasPermi> : children;
}

function RowActions({ actions }: { actions: RowActionItem[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Shown key={action.label} permission={action.permission}>
          {action.upload ? (
            <RowUpload action={action} upload={action.upload} />
          ) : (
            <RowAction
              label={action.label}
              ariaLabel={action.ariaLabel}
              icon={action.icon}
              color={action.color}
              onClick={() => action.onClick?.()}
            />
          )}
        </Shown>
      ))}
    </Group>
  );
}

/** A text field of a filter bar, bound to one string filter. */
export function TextFilter<F, K extends keyof F & string>({
  bar,
  name,
  label,
  maxLength,
  w,
  digits,
  date,
  tel,
}: {
  bar: FilterBarFields<F>;
  name: K;
  label: string;
  maxLength?: number;
  w?: number;
  /** Only digits can be typed (meter numbers, IMEI). */
  digits?: boolean;
  /** A calendar day (YYYY-MM-DD) instead of text. */
  date?: boolean;
  /** A phone number: the phone keypad on touch screens. */
  tel?: boolean;
}) {
  return (
    <TextInput
      label={label}
      w={w}
      value={String(bar.filters[name] ?? '')}
      maxLength={maxLength}
      type={date ? 'date' : undefined}
      inputMode={digits ? 'numeric' : tel ? 'tel' : undefined}
      onChange={(e) => {
        const value = e.currentTarget.value;
        bar.setFilter(name, (digits ? value.replace(/\D/g, '') : value) as F[K]);
      }}
    />
  );
}

/** A select of a filter bar, bound to one filter of fixed options (clearing it is no filter). */
export function OptionFilter<F, K extends keyof F & string>({
  bar,
  name,
  label,
  placeholder,
  options,
  w = 160,
  searchable,
}: {
  bar: FilterBarFields<F>;
  name: K;
  label: string;
  placeholder?: string;
  options: { value: string; label: string }[];
  w?: number;
  searchable?: boolean;
}) {
  return (
    <Select
      label={label}
      w={w}
      placeholder={placeholder}
      clearable
      searchable={searchable}
      data={options}
      value={String(bar.filters[name] ?? '') || null}
      onChange={(value) =>
        bar.setFilter(name, (options.some((option) => option.value === value) ? value : '') as F[K])
      }
    />
  );
}

/** A message group with the texts of a status filter: `status` (its label), `allStatuses` (none chosen) and `statuses` (a label a status). */
type StatusMessages = MessageGroupWith<'status' | 'allStatuses', 'statuses'>;

/** The statuses of most records: '0' enabled, '1' disabled. */
const ENABLED_OR_DISABLED = ['0', '1'] as const;

/** The status select of a filter bar, its texts from the list's message group; enabled or disabled unless `statuses` are given. */
export function StatusFilter<F extends { status: string }>({
  bar,
  group,
  statuses = ENABLED_OR_DISABLED,
  w,
}: {
  bar: FilterBarFields<F>;
  group: StatusMessages;
  statuses?: readonly string[];
  w?: number;
}) {
  const { t } = useTranslation();
  const key = (name: string) => `${group}.${name}` as ParseKeys;
  return (
    <OptionFilter
      bar={bar}
      name="status"
      label={t(key('status'))}
      w={w}
      placeholder={t(key('allStatuses'))}
      options={statuses.map((status) => ({ value: status, label: t(key(`statuses.${status}`)) }))}
    />
  );
}

function RowUpload({
  action,
  upload,
}: {
  action: RowActionItem;
  upload: NonNullable<RowActionItem['upload']>;
}) {
  return (
    <FileButton onChange={upload.onFile} accept={upload.accept}>
      {(props) => (
        <Tooltip label={action.label} withinPortal>
          <ActionIcon {...props} variant="subtle" color={action.color} aria-label={action.ariaLabel}>
            <Icon name={action.icon} size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </FileButton>
  );
}
