// @vitest-environment jsdom

import type { MeterAlarmView } from '@hydrolog/schemas';
import { en } from '@hydrolog/schemas/messages/en';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInMantine, setUpDom, signIn } from '../../testing/dom.tsx';

const offline: MeterAlarmView = {
  alarmProcessedId: '0190a000-0000-7000-8000-0000000000f1',
  alarmType: 1,
  status: 0,
  eventType: '11',
  level: 'high',
  alarmTime: '2026-11-20T09:05:00.000Z',
  day: '2026-11-20',
  meterId: null,
  meterNo: 'North concentrator',
  subjectId: '0190a000-0000-7000-8000-0000000000c1',
  subjectName: 'North concentrator',
  meterTypeName: null,
  accountName: null,
  customerTel: null,
  areaAddress: null,
  areaDetail: null,
  value: 185,
  threshold: 120,
  clearedTime: '2026-11-20T10:00:00.000Z',
  remark: null,
  processedTime: null,
};

const api = vi.hoisted(() => ({
  listAlarms: vi.fn(async () => ({ code: 200, msg: 'ok', total: 1, rows: [] as unknown[] })),
  getAlarm: vi.fn(() => new Promise(() => undefined)),
  exportAlarms: vi.fn(),
  ignoreAlarms: vi.fn(),
  processAlarms: vi.fn(),
  getAlarmKinds: vi.fn(async () => [{ dictValue: '11', dictLabel: 'Gateway or concentrator offline' }]),
}));
vi.mock('./api/operations.ts', () => api);

const { Alarms } = await import('./Alarms.tsx');

function renderAt(url: string) {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: '/alarm/alarm', component: Alarms });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  renderInMantine(<RouterProvider router={router} />);
}

describe('the alarm records', () => {
  beforeAll(async () => {
    await setUpDom(en);
    signIn(['*:*:*']);
  });
  afterEach(cleanup);

  it('filter by system alarms and show one by its subject, cleared by itself, with its own actions', async () => {
    api.listAlarms.mockResolvedValue({ code: 200, msg: 'ok', total: 1, rows: [offline] });
    renderAt('/alarm/alarm?alarmType=1');
    await waitFor(() =>
      expect(api.listAlarms).toHaveBeenCalledWith(expect.objectContaining({ alarmType: 1 })),
    );
    // The filter shows the category chosen in the URL.
    const category = screen.getAllByLabelText('Category').find((el) => el instanceof HTMLInputElement);
    expect((category as HTMLInputElement).value).toBe('System alarm');
    const detail = await screen.findByRole('button', {
      name: 'Detail of system alarm Gateway or concentrator offline about North concentrator',
    });
    const row = detail.closest('tr')!;
    expect(within(row).getByText('System alarm')).toBeTruthy();
    expect(within(row).getByText('North concentrator')).toBeTruthy();
    expect(within(row).getByText(/Cleared by itself on .*: back to normal/)).toBeTruthy();
    expect(
      within(row).getByRole('button', {
        name: 'Process system alarm Gateway or concentrator offline about North concentrator',
      }),
    ).toBeTruthy();
  });
});
