import type { ValveCommandView } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { readValve } from '../../src/meters/index.ts';

const close = (
  status: ValveCommandView['status'],
  failure: ValveCommandView['failure'] = null,
): ValveCommandView => ({
  commandId: '0190a000-0000-7000-8000-0000000000c1',
  meterId: '0190a000-0000-7000-8000-0000000000d1',
  kind: 'valveClose',
  status,
  issuedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:01:00.000Z',
  failure,
  detail: null,
});

describe('reading a valve beside its latest command', () => {
  it('is what the meter reported when no command was ever given', () => {
    expect(readValve('open', '2026-11-01T09:00:00.000Z', null)).toEqual({
      phase: 'reported',
      valve: 'open',
      reportedAt: '2026-11-01T09:00:00.000Z',
    });
  });

  it('is commanded while the command is on its way, beside what the meter last reported and when', () => {
    expect(readValve('open', '2026-11-01T09:00:00.000Z', close('sending'))).toEqual({
      phase: 'commanding',
      target: 'closed',
      commandedAt: '2026-11-01T10:00:00.000Z',
      valve: 'open',
      reportedAt: '2026-11-01T09:00:00.000Z',
    });
    expect(readValve(null, null, close('sending'))).toMatchObject({ valve: null, reportedAt: null });
  });

  it('awaits the next report after a success while the meter last reported before the command', () => {
    expect(readValve('open', '2026-11-01T09:00:00.000Z', close('success'))).toEqual({
      phase: 'awaitingReport',
      target: 'closed',
      commandedAt: '2026-11-01T10:00:00.000Z',
      valve: 'open',
      reportedAt: '2026-11-01T09:00:00.000Z',
    });
  });

  it('is confirmed by a report since the command that shows the commanded state', () => {
    expect(readValve('closed', '2026-11-01T10:30:00.000Z', close('success'))).toEqual({
      phase: 'confirmed',
      target: 'closed',
      commandedAt: '2026-11-01T10:00:00.000Z',
      reportedAt: '2026-11-01T10:30:00.000Z',
    });
  });

  it('is contradicted by a report after the success that shows the other state', () => {
    expect(readValve('open', '2026-11-01T10:30:00.000Z', close('success'))).toMatchObject({
      phase: 'contradicted',
      valve: 'open',
      target: 'closed',
    });
    // A report between the command and the gateway's answer may predate the valve's move: not yet.
    expect(readValve('open', '2026-11-01T10:00:30.000Z', close('success')).phase).toBe('awaitingReport');
  });

  it('keeps the reported valve beside a failed command', () => {
    expect(readValve('open', '2026-11-01T09:00:00.000Z', close('fail', 'noAck'))).toEqual({
      phase: 'failed',
      target: 'closed',
      failedAt: '2026-11-01T10:01:00.000Z',
      valve: 'open',
      reportedAt: '2026-11-01T09:00:00.000Z',
    });
  });
});
