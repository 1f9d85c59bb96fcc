// @vitest-environment jsdom

import { en } from '@hydrolog/schemas/messages/en';
import { TextInput } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ListQuery } from '../hooks/useListState.ts';
import { filterField, type PageQuery } from '../lib/listQuery.ts';
import { renderInMantine, setUpDom, signIn } from '../testing/dom.tsx';
import { defineListScreen, listColumns } from './ListScreen.tsx';

interface Thing {
  id: string;
  name: string;
}

const PATH = '/things';
const column = listColumns<Thing>();
const things = (count: number, from = 1): Thing[] =>
  Array.from({ length: count }, (_, i) => ({ id: `t${from + i}`, name: `Thing ${from + i}` }));

type ThingQuery = ListQuery<{ name: string; kind: '' | 'a' | 'b' }>;
type Fetch = (query: ThingQuery) => Promise<{ total: number; rows: Thing[] }>;

/** The test screen's own texts, added to the catalogue below under `test.`. */
const testKey = (name: string) => `test.${name}` as ParseKeys;

function thingScreen(
  fetch: Fetch,
  exportRun = vi.fn(async (_query: ThingQuery) => undefined),
  scope?: string,
) {
  const removed: string[] = [];
  const Things = defineListScreen({
    path: PATH,
    ...(scope ? { scope } : {}),
    testId: 'things',
    texts: {
      title: testKey('title'),
      empty: testKey('empty'),
      total: testKey('total'),
      actions: testKey('actions'),
    },
    filters: z.object({ name: filterField.text(30), kind: filterField.option(['a', 'b']) }),
    sortable: ['name'],
    fetch,
    rowId: (row) => row.id,
    filterBar: ({ filters, setFilter }) => (
      <TextInput
        label="Name"
        value={filters.name}
        onChange={(e) => setFilter('name', e.currentTarget.value)}
      />
    ),
    columns: () => [column.accessor('name', { header: 'Name' })],
    rowActions: (row) => [
      {
        label: 'Edit',
        ariaLabel: `Edit ${row.name}`,
        icon: 'edit',
        permission: ['thing:edit'],
        onClick() {},
      },
    ],
    selectLabels: () => ({ all: 'Select all', one: (row) => `Select ${row.name}` }),
    batchActions: () => [
      {
        label: (count) => `Remove ${count}`,
        permission: ['thing:remove'],
        run: (rows) => removed.push(...rows.map((row) => row.id)),
      },
    ],
    actions: () => [{ label: 'New thing', permission: ['thing:add'], onClick() {} }],
    export: { permission: 'thing:export', run: exportRun },
  });
  return { Things, removed, exportRun };
}

function renderAt(url: string, Screen: (props: object) => ReactNode) {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: PATH, component: Screen });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderInMantine(<RouterProvider router={router} />);
  return router;
}

beforeAll(() =>
  setUpDom({
    ...en,
    test: { title: 'Things', empty: 'No things yet', total: '{{count}} things', actions: 'Actions' },
  }),
);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('defineListScreen', () => {
  it('reads the filters, page and sort from the URL and fetches that page', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 45, rows: things(10, 11) }));
    const { Things } = thingScreen(fetch);
    renderAt('/things?name=pump&kind=zzz&pageNum=2&pageSize=10&orderByColumn=name&isAsc=descending', Things);
    expect(await screen.findByText('Thing 11')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      { name: 'pump', kind: '', pageNum: 2, pageSize: 10, orderByColumn: 'name', isAsc: 'descending' },
      expect.anything(),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('pump');
    expect(screen.getByText('45 things')).toBeTruthy();
  });

  it('puts a search in the URL, back on the first page, and Reset clears it', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 1, rows: things(1) }));
    const { Things } = thingScreen(fetch);
    const router = renderAt('/things?pageNum=3', Things);
    await screen.findByText('Thing 1');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'valve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ name: 'valve' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenLastCalledWith(
        expect.objectContaining({ name: 'valve', pageNum: 1 }),
        expect.anything(),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('keeps a list inside a page under its own names in the URL, beside the page’s own params', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 45, rows: things(10, 11) }));
    const { Things } = thingScreen(fetch, undefined, 'inner');
    const router = renderAt(
      '/things?name=page&tab=stats&inner.name=pump&inner.pageNum=2&inner.pageSize=10',
      Things,
    );
    expect(await screen.findByText('Thing 11')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'pump', kind: '', pageNum: 2, pageSize: 10 }),
      expect.anything(),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('pump');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'valve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        name: 'page',
        tab: 'stats',
        'inner.name': 'valve',
        'inner.pageSize': 10,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ name: 'page', tab: 'stats', 'inner.pageSize': 10 }),
    );
  });

  it('pages on the server: 20 rows by default, another page and another page size', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 45, rows: things(20) }));
    const { Things } = thingScreen(fetch);
    const router = renderAt('/things', Things);
    await screen.findByText('Thing 1');
    expect(fetch).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageNum: 1, pageSize: 20 }),
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ pageNum: 3 }));
    const sizeInput = screen
      .getAllByLabelText('Rows per page')
      .find((element) => element.tagName === 'INPUT');
    fireEvent.click(sizeInput as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: '50', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toEqual({ pageSize: 50 }));
    expect(fetch).toHaveBeenLastCalledWith(
      expect.objectContaining({ pageNum: 1, pageSize: 50 }),
      expect.anything(),
    );
    const sizes = fetch.mock.calls.map(([query]) => query.pageSize);
    expect(new Set(sizes)).toEqual(new Set([20, 50]));
  });

  it('sorts on a sortable header: ascending, descending, then the list order again', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 1, rows: things(1) }));
    const { Things } = thingScreen(fetch);
    const router = renderAt('/things?pageNum=2', Things);
    await screen.findByText('Thing 1');
    const header = () => within(screen.getByTestId('things-table')).getByRole('button', { name: /Name/ });
    fireEvent.click(header());
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ orderByColumn: 'name', isAsc: 'ascending' }),
    );
    fireEvent.click(header());
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ orderByColumn: 'name', isAsc: 'descending' }),
    );
    fireEvent.click(header());
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('shows skeleton rows while loading, then the empty text', async () => {
    signIn([]);
    let answer: (page: { total: number; rows: Thing[] }) => void = () => undefined;
    const fetch = vi.fn<Fetch>(() => new Promise((resolve) => (answer = resolve)));
    const { Things } = thingScreen(fetch);
    renderAt('/things', Things);
    const table = await screen.findByTestId('things-table');
    await waitFor(() => expect(table.querySelectorAll('.mantine-Skeleton-root').length).toBe(3));
    await act(async () => answer({ total: 0, rows: [] }));
    expect(await screen.findByText('No things yet')).toBeTruthy();
    expect(table.querySelectorAll('.mantine-Skeleton-root').length).toBe(0);
  });

  it('offers to try again when the list could not be loaded', async () => {
    signIn([]);
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue({ total: 1, rows: things(1) });
    const { Things } = thingScreen(fetch);
    renderAt('/things', Things);
    const failed = await screen.findByTestId('things-table-failed');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Thing 1')).toBeTruthy();
    expect(screen.queryByTestId('things-table-failed')).toBeNull();
  });

  it('hides what the user may not do: row actions, selection, batch actions, create and export', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 1, rows: things(1) }));
    const { Things } = thingScreen(fetch);
    renderAt('/things', Things);
    await screen.findByText('Thing 1');
    expect(screen.queryByLabelText('Edit Thing 1')).toBeNull();
    expect(screen.queryByLabelText('Select Thing 1')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New thing' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('shows them to holders of the permissions; a batch action acts on the selected rows', async () => {
    signIn(['thing:edit', 'thing:remove', 'thing:add', 'thing:export']);
    const fetch = vi.fn<Fetch>(async () => ({ total: 2, rows: things(2) }));
    const { Things, removed } = thingScreen(fetch);
    renderAt('/things', Things);
    await screen.findByText('Thing 1');
    expect(screen.getByLabelText('Edit Thing 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New thing' })).toBeTruthy();
    const remove = screen.getByRole('button', { name: 'Remove 0' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select Thing 2'));
    await waitFor(() =>
      expect((screen.getByLabelText('Select Thing 2') as HTMLInputElement).checked).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 1' }));
    expect(removed).toEqual(['t2']);
  });

  it('exports the list as filtered and ordered', async () => {
    signIn(['thing:export']);
    const fetch = vi.fn<Fetch>(async () => ({ total: 1, rows: things(1) }));
    const { Things, exportRun } = thingScreen(fetch);
    renderAt('/things?name=pump&orderByColumn=name', Things);
    await screen.findByText('Thing 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(exportRun).toHaveBeenCalledTimes(1));
    expect(exportRun).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'pump', orderByColumn: 'name', isAsc: 'ascending' }),
      expect.anything(),
    );
  });

  it('offers the choice of columns', async () => {
    signIn([]);
    const fetch = vi.fn<Fetch>(async () => ({ total: 1, rows: things(1) }));
    const { Things } = thingScreen(fetch);
    renderAt('/things', Things);
    await screen.findByText('Thing 1');
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByTestId('things-table-columns');
    expect((within(menu).getByLabelText('Name') as HTMLInputElement).checked).toBe(true);
  });
});

describe('defineListScreen pickers and cards', () => {
  // Three rows of each page of 20 are enough to tell the pages apart.
  const pages = vi.fn(async ({ pageNum }: PageQuery) => ({
    total: 40,
    rows: things(3, (pageNum - 1) * 20 + 1),
  }));
  const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

  it('keeps a selection across pages until the rows leave the list, and tells it to a form', async () => {
    signIn(['thing:add']);
    const added: string[][] = [];
    const told = vi.fn<(ids: string[]) => void>();
    const Picker = defineListScreen({
      bare: true,
      testId: 'picker',
      texts: { empty: testKey('empty'), total: testKey('total') },
      filters: z.object({}),
      keepSelection: true,
      fetch: pages,
      rowId: (row) => row.id,
      columns: () => [column.accessor('name', { header: 'Name' })],
      selectLabels: () => ({ all: 'Select all', one: (row) => `Select ${row.name}` }),
      onSelect: (ids, props: { told(ids: string[]): void }) => props.told(ids),
      batchActions: ({ list }) => [
        {
          label: (count) => `Add ${count}`,
          permission: ['thing:add'],
          run(rows) {
            added.push(rows.map((row) => row.id));
            list.removed(rows.length);
          },
        },
      ],
    });
    renderInMantine(<Picker told={told} />);
    await screen.findByText('Thing 1');
    fireEvent.click(screen.getByLabelText('Select Thing 2'));
    await waitFor(() => expect(told).toHaveBeenLastCalledWith(['t2']));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Thing 21');
    fireEvent.click(screen.getByLabelText('Select Thing 22'));
    await waitFor(() => expect(told).toHaveBeenLastCalledWith(['t2', 't22']));
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    await screen.findByText('Thing 1');
    expect(checked('Select Thing 2')).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Add 2' }));
    expect(added).toEqual([['t2', 't22']]);
    await waitFor(() => expect(told).toHaveBeenLastCalledWith([]));
    expect(checked('Select Thing 2')).toBe(false);
  }, 20_000);

  it('clears the selection on every load of a list that does not keep it', async () => {
    signIn(['thing:add']);
    const Things = defineListScreen({
      bare: true,
      testId: 'things',
      texts: { empty: testKey('empty'), total: testKey('total') },
      filters: z.object({}),
      fetch: pages,
      rowId: (row) => row.id,
      columns: () => [column.accessor('name', { header: 'Name' })],
      selectLabels: () => ({ all: 'Select all', one: (row) => `Select ${row.name}` }),
      batchActions: () => [{ label: (count) => `Add ${count}`, permission: ['thing:add'], run() {} }],
    });
    renderInMantine(<Things />);
    await screen.findByText('Thing 1');
    fireEvent.click(screen.getByLabelText('Select Thing 2'));
    await screen.findByRole('button', { name: 'Add 1' });
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Thing 21');
    fireEvent.click(screen.getByRole('button', { name: '1' }));
    await screen.findByText('Thing 1');
    expect(checked('Select Thing 2')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add 0' })).toBeTruthy();
  }, 20_000);

  it('shows rows as cards, with the empty text the filters call for', async () => {
    signIn([]);
    const feed = vi.fn(async ({ kind }: { kind: '' | 'a' | 'b' }) =>
      kind === 'b' ? { total: 0, rows: [] } : { total: 2, rows: things(2) },
    );
    const Feed = defineListScreen({
      bare: true,
      testId: 'feed',
      texts: { empty: testKey('empty'), total: testKey('total') },
      filters: z.object({ kind: filterField.option(['a', 'b']) }),
      fetch: feed,
      rowId: (row) => row.id,
      empty: ({ list }) => (list.query.kind === 'b' ? 'Nothing of kind b' : 'No things yet'),
      above: ({ list }) => (
        <button type="button" onClick={() => list.filterBy({ kind: 'b' })}>
          Kind b
        </button>
      ),
      card: (row) => <article aria-label={row.name}>{row.name}</article>,
    });
    renderInMantine(<Feed />);
    const cards = await screen.findByTestId('feed-table');
    await waitFor(() => expect(within(cards).getAllByRole('article').length).toBe(2));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    expect(screen.getByText('2 things')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kind b' }));
    expect(await within(cards).findByText('Nothing of kind b')).toBeTruthy();
    expect(within(cards).queryByRole('article')).toBeNull();
  });
});
