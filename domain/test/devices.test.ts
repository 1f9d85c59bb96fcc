import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../src/decider.ts';
import {
  type GatewayEvent,
  gatewayDecider,
  type MeterCommandCommand,
  type MeterCommandEvent,
  meterCommandDecider,
} from '../src/devices.ts';

const gatewayId = '0190a000-0000-7000-8000-0000000000a1';
const otherGateway = '0190a000-0000-7000-8000-0000000000b2';
const commandId = '0190a000-0000-7000-8000-0000000000c1';
const meterId = '0190a000-0000-7000-8000-0000000000d1';

const registered: GatewayEvent = {
  type: 'GatewayRegistered',
  data: {
    gatewayId,
    tenantId: '0190a000-0000-7000-8000-000000000001',
    name: 'North concentrator',
    kind: 'concentrator',
    keyHash: 'h1',
    keyPrefix: 'hgk_1',
    createdAt: '2026-11-01T00:00:00.000Z',
  },
};

describe('gateway decider', () => {
  const when = (events: GatewayEvent[], command: Parameters<typeof gatewayDecider.decide>[0]) =>
    gatewayDecider.decide(command, fold(gatewayDecider, events));

  it('rotates the key of an active gateway', () => {
    expect(
      when([registered], {
        type: 'RotateGatewayKey',
        keyHash: 'h2',
        keyPrefix: 'hgk_2',
        rotatedAt: '2026-11-02T00:00:00.000Z',
      }),
    ).toEqual([
      {
        type: 'GatewayKeyRotated',
        data: { gatewayId, keyHash: 'h2', keyPrefix: 'hgk_2', rotatedAt: '2026-11-02T00:00:00.000Z' },
      },
    ]);
  });

  it('refuses every change once revoked', () => {
    const revoked: GatewayEvent = {
      type: 'GatewayRevoked',
      data: { gatewayId, revokedAt: '2026-11-03T00:00:00.000Z' },
    };
    const result = when([registered, revoked], {
      type: 'RevokeGateway',
      revokedAt: '2026-11-04T00:00:00.000Z',
    });
    expect((result as DomainError).key).toBe('error.gateway.revoked');
    const rotate = when([registered, revoked], {
      type: 'RotateGatewayKey',
      keyHash: 'h3',
      keyPrefix: 'hgk_3',
      rotatedAt: '2026-11-04T00:00:00.000Z',
    });
    expect((rotate as DomainError).key).toBe('error.gateway.revoked');
  });

  it('refuses changes to a gateway that does not exist', () => {
    const result = when([], { type: 'ChangeGateway', name: 'x', kind: 'gateway' });
    expect((result as DomainError).key).toBe('error.gateway.notFound');
  });
});

describe('meter command decider', () => {
  const issued = (kind: 'valveClose' | 'keyUpdate'): MeterCommandEvent => ({
    type: 'MeterCommandIssued',
    data: { commandId, meterId, meterNo: '1001', kind, issuedAt: '2026-11-01T00:00:00.000Z' },
  });
  const sent = (at: string, to = gatewayId): MeterCommandEvent => ({
    type: 'MeterCommandSent',
    data: {
      commandId,
      gatewayId: to,
      sentAt: at,
      deadline: new Date(Date.parse(at) + 120_000).toISOString(),
    },
  });
  const timedOut = (at: string): MeterCommandEvent => ({
    type: 'MeterCommandTimedOut',
    data: { commandId, at },
  });
  const run = (events: MeterCommandEvent[], command: MeterCommandCommand) => {
    const state = fold(meterCommandDecider, events);
    const decided = meterCommandDecider.decide(command, state);
    return {
      decided,
      after: decided instanceof DomainError ? state : fold(meterCommandDecider, [...events, ...decided]),
    };
  };
  const status = (events: MeterCommandEvent[]) => {
    const state = fold(meterCommandDecider, events);
    return state.exists ? state.status : 'none';
  };

  it('a valve command is sending until its gateway acknowledges it', () => {
    expect(status([issued('valveClose')])).toBe('sending');
    const { decided, after } = run([issued('valveClose'), sent('2026-11-01T00:01:00.000Z')], {
      type: 'AcknowledgeMeterCommand',
      gatewayId,
      status: 'success',
      at: '2026-11-01T00:01:30.000Z',
    });
    expect(decided).toEqual([
      {
        type: 'MeterCommandAcknowledged',
        data: { commandId, gatewayId, status: 'success', at: '2026-11-01T00:01:30.000Z' },
      },
    ]);
    expect(after.exists && after.status).toBe('success');
  });

  it('sends to a gateway once; a second poll before the deadline gets nothing new', () => {
    const { decided } = run([issued('valveClose'), sent('2026-11-01T00:01:00.000Z')], {
      type: 'SendMeterCommand',
      gatewayId,
      sentAt: '2026-11-01T00:01:10.000Z',
    });
    expect(decided).toEqual([]);
  });

  it('refuses an acknowledgement from a gateway that was not sent the command', () => {
    const { decided } = run([issued('valveClose'), sent('2026-11-01T00:01:00.000Z')], {
      type: 'AcknowledgeMeterCommand',
      gatewayId: otherGateway,
      status: 'success',
      at: '2026-11-01T00:01:30.000Z',
    });
    expect((decided as DomainError).key).toBe('error.command.notFound');
  });

  it('a valve command not acknowledged by the deadline fails', () => {
    const events = [issued('valveClose'), sent('2026-11-01T00:01:00.000Z')];
    expect(run(events, { type: 'TimeOutMeterCommand', at: '2026-11-01T00:02:00.000Z' }).decided).toEqual([]);
    const { after } = run(events, { type: 'TimeOutMeterCommand', at: '2026-11-01T00:03:00.000Z' });
    expect(after.exists && after.status).toBe('fail');
  });

  it('a command no gateway picks up times out after the pickup limit', () => {
    const events = [issued('valveClose')];
    expect(run(events, { type: 'TimeOutMeterCommand', at: '2026-11-01T00:59:00.000Z' }).decided).toEqual([]);
    expect(status([...events, timedOut('2026-11-01T01:00:00.000Z')])).toBe('fail');
  });

  it('a key update is executing, resent once after a timeout, then resend successful', () => {
    const events = [issued('keyUpdate')];
    expect(status(events)).toBe('executing');
    events.push(sent('2026-11-01T00:01:00.000Z'), timedOut('2026-11-01T00:03:00.000Z'));
    expect(status(events)).toBe('resend');
    events.push(sent('2026-11-01T00:04:00.000Z'));
    const { after } = run(events, {
      type: 'AcknowledgeMeterCommand',
      gatewayId,
      status: 'success',
      at: '2026-11-01T00:04:30.000Z',
    });
    expect(after.exists && after.status).toBe('resendSuccess');
  });

  it('a key update that times out twice ends in timeout and refuses late answers', () => {
    const events = [
      issued('keyUpdate'),
      sent('2026-11-01T00:01:00.000Z'),
      timedOut('2026-11-01T00:03:00.000Z'),
      sent('2026-11-01T00:04:00.000Z'),
      timedOut('2026-11-01T00:06:00.000Z'),
    ];
    expect(status(events)).toBe('timeout');
    const { decided } = run(events, {
      type: 'AcknowledgeMeterCommand',
      gatewayId,
      status: 'success',
      at: '2026-11-01T00:07:00.000Z',
    });
    expect((decided as DomainError).key).toBe('error.command.finished');
  });

  it('a key update acknowledged at the first attempt is a success', () => {
    expect(
      status([
        issued('keyUpdate'),
        sent('2026-11-01T00:01:00.000Z'),
        {
          type: 'MeterCommandAcknowledged',
          data: { commandId, gatewayId, status: 'success', at: '2026-11-01T00:01:20.000Z' },
        },
      ]),
    ).toBe('success');
  });
});
