import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../src/decider.ts';
import {
  type GatewayEvent,
  gatewayDecider,
  type MeterCommandCommand,
  type MeterCommandEvent,
  meterCommandDecider,
} from '../../src/meters/index.ts';
import { given } from '../spec.ts';

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
  it('rotates the key of an active gateway', () => {
    given(gatewayDecider, [registered])
      .when({
        type: 'RotateGatewayKey',
        keyHash: 'h2',
        keyPrefix: 'hgk_2',
        rotatedAt: '2026-11-02T00:00:00.000Z',
      })
      .then([
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
    given(gatewayDecider, [registered, revoked])
      .when({ type: 'RevokeGateway', revokedAt: '2026-11-04T00:00:00.000Z', associatedMeters: 0 })
      .thenFails('error.gateway.revoked');
    given(gatewayDecider, [registered, revoked])
      .when({
        type: 'RotateGatewayKey',
        keyHash: 'h3',
        keyPrefix: 'hgk_3',
        rotatedAt: '2026-11-04T00:00:00.000Z',
      })
      .thenFails('error.gateway.revoked');
  });

  it('refuses changes to a gateway that does not exist', () => {
    given(gatewayDecider, [])
      .when({ type: 'ChangeGateway', name: 'x', kind: 'gateway', associatedMeters: 0 })
      .thenFails('error.gateway.notFound');
  });
});

describe('meter command decider', () => {
  const issue = (kind: 'valveClose' | 'keyUpdate', valveControl = true): MeterCommandCommand => ({
    type: 'IssueMeterCommand',
    commandId,
    meterId,
    meterNo: '1001',
    kind,
    issuedAt: '2026-11-01T00:00:00.000Z',
    valveControl,
  });
  const send = (sentAt: string, to = gatewayId): MeterCommandCommand => ({
    type: 'SendMeterCommand',
    gatewayId: to,
    sentAt,
  });
  const ack = (
    at: string,
    status: 'success' | 'fail' = 'success',
    from = gatewayId,
  ): MeterCommandCommand => ({
    type: 'AcknowledgeMeterCommand',
    gatewayId: from,
    status,
    at,
  });
  const timeOut = (at: string): MeterCommandCommand => ({ type: 'TimeOutMeterCommand', at });

  /** Decides each command on the state the previous ones left; returns the events, the last answer and the state. */
  function play(...commands: MeterCommandCommand[]) {
    const events: MeterCommandEvent[] = [];
    let last: MeterCommandEvent[] | DomainError = [];
    for (const command of commands) {
      last = meterCommandDecider.decide(command, fold(meterCommandDecider, events));
      if (!(last instanceof DomainError)) events.push(...last);
    }
    const state = fold(meterCommandDecider, events);
    return { events, last, status: state.exists ? state.status : 'none' };
  }

  it('sends a valve command only to a meter with a valve; a key update to any meter', () => {
    given(meterCommandDecider, []).when(issue('valveClose', false)).thenFails('error.meter.noValve');
    given(meterCommandDecider, [])
      .when(issue('keyUpdate', false))
      .thenMatches([{ type: 'MeterCommandIssued', data: { kind: 'keyUpdate' } }]);
  });

  it('a valve command is sending until its gateway acknowledges it', () => {
    expect(play(issue('valveClose')).status).toBe('sending');
    const { last, status } = play(
      issue('valveClose'),
      send('2026-11-01T00:01:00.000Z'),
      ack('2026-11-01T00:01:30.000Z'),
    );
    expect(last).toEqual([
      {
        type: 'MeterCommandAcknowledged',
        data: { commandId, gatewayId, status: 'success', at: '2026-11-01T00:01:30.000Z', result: 'success' },
      },
    ]);
    expect(status).toBe('success');
  });

  it('gives the gateway an acknowledgement deadline', () => {
    const { events } = play(issue('valveClose'), send('2026-11-01T00:01:00.000Z'));
    expect(events[1]).toEqual({
      type: 'MeterCommandSent',
      data: {
        commandId,
        gatewayId,
        sentAt: '2026-11-01T00:01:00.000Z',
        deadline: '2026-11-01T00:03:00.000Z',
      },
    });
  });

  it('sends to a gateway once; a second poll before the deadline gets nothing new', () => {
    const { last } = play(
      issue('valveClose'),
      send('2026-11-01T00:01:00.000Z'),
      send('2026-11-01T00:01:10.000Z'),
    );
    expect(last).toEqual([]);
  });

  it('refuses an acknowledgement from a gateway that was not sent the command', () => {
    const { last } = play(
      issue('valveClose'),
      send('2026-11-01T00:01:00.000Z'),
      ack('2026-11-01T00:01:30.000Z', 'success', otherGateway),
    );
    expect((last as DomainError).key).toBe('error.command.notFound');
  });

  it('a valve command not acknowledged by the deadline fails, and a failed answer fails it too', () => {
    const early = play(
      issue('valveClose'),
      send('2026-11-01T00:01:00.000Z'),
      timeOut('2026-11-01T00:02:00.000Z'),
    );
    expect(early.last).toEqual([]);
    expect(early.status).toBe('sending');
    expect(
      play(issue('valveClose'), send('2026-11-01T00:01:00.000Z'), timeOut('2026-11-01T00:03:00.000Z')).status,
    ).toBe('fail');
    expect(
      play(issue('valveClose'), send('2026-11-01T00:01:00.000Z'), ack('2026-11-01T00:01:05.000Z', 'fail'))
        .status,
    ).toBe('fail');
  });

  it('a command no gateway picks up times out after the pickup limit', () => {
    expect(play(issue('valveClose'), timeOut('2026-11-01T00:59:00.000Z')).last).toEqual([]);
    expect(play(issue('valveClose'), timeOut('2026-11-01T01:00:00.000Z')).status).toBe('fail');
  });

  it('a key update is executing, resent once after a timeout, then resend successful', () => {
    expect(play(issue('keyUpdate')).status).toBe('executing');
    const resent = [
      issue('keyUpdate'),
      send('2026-11-01T00:01:00.000Z'),
      timeOut('2026-11-01T00:03:00.000Z'),
    ];
    expect(play(...resent).status).toBe('resend');
    expect(play(...resent, send('2026-11-01T00:04:00.000Z'), ack('2026-11-01T00:04:30.000Z')).status).toBe(
      'resendSuccess',
    );
  });

  it('a key update that times out twice ends in timeout and refuses late answers', () => {
    const twice = [
      issue('keyUpdate'),
      send('2026-11-01T00:01:00.000Z'),
      timeOut('2026-11-01T00:03:00.000Z'),
      send('2026-11-01T00:04:00.000Z'),
      timeOut('2026-11-01T00:06:00.000Z'),
    ];
    expect(play(...twice).status).toBe('timeout');
    const { last } = play(...twice, ack('2026-11-01T00:07:00.000Z'));
    expect((last as DomainError).key).toBe('error.command.finished');
  });

  it('a key update acknowledged at the first attempt is a success', () => {
    expect(
      play(issue('keyUpdate'), send('2026-11-01T00:01:00.000Z'), ack('2026-11-01T00:01:20.000Z')).status,
    ).toBe('success');
  });
});
