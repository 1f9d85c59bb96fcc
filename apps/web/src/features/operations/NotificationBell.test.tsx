// @vitest-environment jsdom

import type { Notice, NoticeList } from '@hydrolog/schemas';
import { en } from '@hydrolog/schemas/messages/en';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInMantine, setUpDom, signIn } from '../../testing/dom.tsx';

const api = vi.hoisted(() => ({
  listNotices: vi.fn(),
  viewNotice: vi.fn(async () => undefined),
  cleanNotices: vi.fn(async () => undefined),
  getAlarm: vi.fn(() => new Promise(() => undefined)),
  getAlarmKinds: vi.fn(async () => [
    { dictValue: '5', dictLabel: 'Continuous flow (possible leak)' },
    { dictValue: '8', dictLabel: 'Communication lost' },
    { dictValue: '11', dictLabel: 'Gateway or concentrator offline' },
  ]),
  ignoreAlarms: vi.fn(),
  processAlarms: vi.fn(),
}));
vi.mock('./api/operations.ts', () => api);
const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const { NotificationBell } = await import('./NotificationBell.tsx');

const notice = (n: number, read = false, eventType = '5'): Notice => ({
  alarmProcessedId: `0190a000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
  alarmType: 0,
  eventType,
  noticeStatus: read ? 1 : 0,
  createTime: '2026-11-20T08:05:00.000Z',
  meterNo: `7700${n}`,
});
const list = (meter: Notice[], count = meter.length): NoticeList => ({
  allAlarmList: meter,
  meterAlarmList: meter,
  systemAlarmList: [],
  allAlarmCount: count,
  meterAlarmCount: count,
  systemAlarmCount: 0,
});

describe('the notification bell', () => {
  beforeAll(async () => {
    await setUpDom(en);
    signIn(['*:*:*']);
  });
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('hides the badge at 0 and shows the empty state', async () => {
    api.listNotices.mockResolvedValue(list([]));
    renderInMantine(<NotificationBell />);
    await waitFor(() => expect(api.listNotices).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('0')).toBeNull();
    fireEvent.click(screen.getByTestId('bell'));
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All (0)', hidden: true })).toBeTruthy();
  });

  it('caps the badge at 99, lists items by tab with counts, dims read ones and polls every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.listNotices.mockResolvedValue(list([notice(1), notice(2, true, '8')], 150));
    renderInMantine(<NotificationBell />);
    expect(await screen.findByText('99+')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bell'));
    expect(await screen.findByRole('tab', { name: 'Meter alarms (150)', hidden: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'System alarms (0)', hidden: true })).toBeTruthy();
    const items = await screen.findAllByTestId('bell-item');
    expect(items).toHaveLength(2);
    await waitFor(() => expect(within(items[0]!).getByText('Continuous flow (possible leak)')).toBeTruthy());
    expect(items[0]!.textContent).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} · 77001/);
    expect(items[0]!.style.opacity).toBe('1');
    expect(items[1]!.style.opacity).toBe('0.5');
    fireEvent.click(screen.getByRole('tab', { name: 'System alarms (0)', hidden: true }));
    expect(await screen.findByText('No notifications')).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(60_000));
    expect(api.listNotices).toHaveBeenCalledTimes(2);
  });

  it('clicking an item marks it viewed and opens the alarm; clear all clears the tab; view all opens the records', async () => {
    api.listNotices.mockResolvedValue(list([notice(1)]));
    renderInMantine(<NotificationBell />);
    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click((await screen.findAllByTestId('bell-item'))[0]!);
    await waitFor(() => expect(api.viewNotice).toHaveBeenCalledWith(notice(1).alarmProcessedId));
    expect(api.getAlarm).toHaveBeenCalledWith(notice(1).alarmProcessedId);
    expect(await screen.findByText('Alarm detail')).toBeTruthy();

    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear all', hidden: true }));
    await waitFor(() => expect(api.cleanNotices).toHaveBeenCalledWith([0, 1]));
    fireEvent.click(screen.getByRole('tab', { name: 'Meter alarms (1)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all', hidden: true }));
    await waitFor(() => expect(api.cleanNotices).toHaveBeenLastCalledWith([0]));
    fireEvent.click(screen.getByRole('button', { name: 'View all', hidden: true }));
    expect(navigate).toHaveBeenCalledWith({ to: '/alarm/alarm' });
  });

  it('lists system alarms in their tab by subject; clear all there clears system alarms; the detail has no meter record', async () => {
    const offline: Notice = {
      alarmProcessedId: '0190a000-0000-7000-8000-0000000000f1',
      alarmType: 1,
      eventType: '11',
      noticeStatus: 0,
      createTime: '2026-11-20T09:05:00.000Z',
      meterNo: 'North concentrator',
    };
    api.listNotices.mockResolvedValue({
      allAlarmList: [offline, notice(1)],
      meterAlarmList: [notice(1)],
      systemAlarmList: [offline],
      allAlarmCount: 2,
      meterAlarmCount: 1,
      systemAlarmCount: 1,
    } satisfies NoticeList);
    api.getAlarm.mockReturnValueOnce(
      Promise.resolve({
        alarmProcessedId: offline.alarmProcessedId,
        alarmType: 1,
        status: 0,
        eventType: '11',
        level: 'high',
        alarmTime: offline.createTime,
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
        clearedTime: null,
        remark: null,
        processedTime: null,
        valveState: null,
        meterFrozen: null,
      }),
    );
    renderInMantine(<NotificationBell />);
    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click(await screen.findByRole('tab', { name: 'System alarms (1)', hidden: true }));
    const items = await screen.findAllByTestId('bell-item');
    expect(items).toHaveLength(1);
    await waitFor(() => expect(within(items[0]!).getByText('Gateway or concentrator offline')).toBeTruthy());
    expect(items[0]!.textContent).toContain('North concentrator');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all', hidden: true }));
    await waitFor(() => expect(api.cleanNotices).toHaveBeenCalledWith([1]));

    fireEvent.click(items[0]!);
    const detail = await screen.findByTestId('alarm-detail');
    expect(within(detail).getByText('System alarm')).toBeTruthy();
    expect(within(detail).getByText('Concerns')).toBeTruthy();
    expect(within(detail).getByText('North concentrator')).toBeTruthy();
    expect(within(detail).queryByText('Last day record of the meter')).toBeNull();
    expect(within(detail).queryByText('Account holder')).toBeNull();
  });
});
