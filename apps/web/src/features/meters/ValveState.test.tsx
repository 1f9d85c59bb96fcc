// @vitest-environment jsdom

import type { ValveCommandView } from '@hydrolog/schemas';
import { en } from '@hydrolog/schemas/messages/en';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInMantine, setUpDom, signIn } from '../../testing/dom.tsx';
import { operateValves } from './api/meters.ts';
import { CommandFailure, ValveState } from './ValveState.tsx';

vi.mock('./api/meters.ts', () => ({ operateValves: vi.fn(async () => ({})) }));

const METER_NO = '38800001';
const REPORTED_AT = '2026-11-01T09:00:00.000Z';
const command = (status: ValveCommandView['status'], failure: ValveCommandView['failure'] = null) =>
  ({
    commandId: '0190a000-0000-7000-8000-0000000000c1',
    meterId: '0190a000-0000-7000-8000-0000000000d1',
    kind: 'valveClose',
    status,
    issuedAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:02:00.000Z',
    failure,
    detail: null,
  }) satisfies ValveCommandView;
/** A time as the valve state writes it (the browser's zone). */
const shown = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const text = () => screen.getByTestId(`valve-${METER_NO}`).textContent ?? '';

beforeAll(() => setUpDom(en));
afterEach(() => {
  cleanup();
  vi.mocked(operateValves).mockClear();
});

describe('ValveState', () => {
  it('keeps what the meter last reported, and when, beside a command on its way', () => {
    renderInMantine(
      <ValveState meterNo={METER_NO} valve="open" reportedAt={REPORTED_AT} command={command('sending')} />,
    );
    expect(screen.getByTestId(`valve-${METER_NO}`).dataset.phase).toBe('commanding');
    expect(text()).toContain('Closing');
    expect(text()).toContain('Awaiting the gateway');
    expect(screen.getByTestId('valve-reported').textContent).toBe(`Last report: Open ${shown(REPORTED_AT)}`);
  });

  it('keeps it beside a command done and awaiting the meter’s report', () => {
    renderInMantine(
      <ValveState meterNo={METER_NO} valve="open" reportedAt={REPORTED_AT} command={command('success')} />,
    );
    expect(text()).toContain('Commanded closed');
    expect(text()).toContain("Awaiting the meter's report");
    expect(screen.getByTestId('valve-reported').textContent).toBe(`Last report: Open ${shown(REPORTED_AT)}`);
  });

  it('dates a meter’s last reading, not a valve state, when its readings carry none', () => {
    renderInMantine(<ValveState meterNo={METER_NO} valve={null} reportedAt={REPORTED_AT} command={null} />);
    expect(text()).toBe(`Not reported yetLast reading ${shown(REPORTED_AT)} gave no valve state`);
  });

  it('says so when the meter never reported its valve', () => {
    renderInMantine(
      <ValveState meterNo={METER_NO} valve={null} reportedAt={null} command={command('sending')} />,
    );
    expect(screen.getByTestId('valve-reported').textContent).toBe('Not reported yet');
  });

  it('shows the report itself once it confirms the command, and no other line', () => {
    renderInMantine(
      <ValveState
        meterNo={METER_NO}
        valve="closed"
        reportedAt="2026-11-01T10:30:00.000Z"
        command={command('success')}
      />,
    );
    expect(text()).toBe(`ClosedConfirmed by the meter ${shown('2026-11-01T10:30:00.000Z')}`);
    expect(screen.queryByTestId('valve-reported')).toBeNull();
  });

  it('gives a timed-out command its reason and a retry that reloads', async () => {
    signIn(['business:valve:close']);
    const onRetried = vi.fn();
    renderInMantine(
      <ValveState
        meterNo={METER_NO}
        valve="open"
        reportedAt={REPORTED_AT}
        command={command('timeout', 'noAck')}
        onRetried={onRetried}
      />,
    );
    expect(screen.getByTestId(`valve-${METER_NO}`).dataset.phase).toBe('failed');
    expect(screen.getByTestId('valve-failure').textContent).toBe(
      'The gateway took it but gave no answer within 120 s',
    );
    expect(screen.getByTestId('valve-reported').textContent).toBe(`Last report: Open ${shown(REPORTED_AT)}`);
    fireEvent.click(screen.getByRole('button', { name: `Retry the command to meter ${METER_NO}` }));
    await waitFor(() => expect(onRetried).toHaveBeenCalledTimes(1));
    expect(operateValves).toHaveBeenCalledWith('close', ['0190a000-0000-7000-8000-0000000000d1']);
  });

  it('offers no retry without the permission of the command', () => {
    signIn(['business:valve:open']);
    renderInMantine(
      <ValveState
        meterNo={METER_NO}
        valve="open"
        reportedAt={REPORTED_AT}
        command={command('fail', 'gatewayFail')}
      />,
    );
    expect(screen.getByTestId('valve-failure').textContent).toBe('The gateway answered that it failed');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('CommandFailure', () => {
  it('shows why without a retry for a command that was overtaken', () => {
    signIn(['business:valve:close']);
    renderInMantine(
      <CommandFailure meterNo={METER_NO} command={command('timeout', 'notPickedUp')} retry={false} />,
    );
    expect(screen.getByTestId('valve-failure').textContent).toContain(
      'No gateway collected it within 60 minutes',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing for a command that did not fail', () => {
    signIn(['business:valve:close']);
    renderInMantine(<CommandFailure meterNo={METER_NO} command={command('success')} />);
    expect(screen.queryByTestId('valve-failure')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
