import {
  COMMAND_ACK_SECONDS,
  COMMAND_PICKUP_MINUTES,
  type EventData,
  type MeterCommandKind,
  type MeterCommandStatus,
  type MeterGroupBody,
  type MeterTypeBody,
} from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

// ---- Gateways ----------------------------------------------------------------------------------------

export type GatewayEvent = EventOf<
  'GatewayRegistered' | 'GatewayChanged' | 'GatewayKeyRotated' | 'GatewayRevoked'
>;
export type GatewayState =
  | { exists: false }
  | (EventData<'GatewayRegistered'> & { exists: true; revoked: boolean });
export type GatewayCommand =
  | ({ type: 'RegisterGateway' } & EventData<'GatewayRegistered'>)
  /** associatedMeters: the meters whose latest reading came through it (read model), which forbid a change. */
  | ({ type: 'ChangeGateway'; associatedMeters: number } & Omit<EventData<'GatewayChanged'>, 'gatewayId'>)
  | ({ type: 'RotateGatewayKey' } & Omit<EventData<'GatewayKeyRotated'>, 'gatewayId'>)
  | { type: 'RevokeGateway'; revokedAt: string; associatedMeters: number };

/**
 * A gateway or concentrator and its key (only the key's hash is ever stored). Revoked is final. One relaying
 * meters is neither changed nor revoked (spec section 5, concentrators), so that its meters' readings keep
 * their source; its key can still be rotated, so a leaked key can always be stopped.
 */
export const gatewayDecider: Decider<GatewayCommand, GatewayEvent, GatewayState> = {
  category: 'gateway',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'GatewayRegistered':
        return { ...event.data, exists: true, revoked: false };
      case 'GatewayChanged':
      case 'GatewayKeyRotated':
        return state.exists ? { ...state, ...event.data } : state;
      case 'GatewayRevoked':
        return state.exists ? { ...state, revoked: true } : state;
    }
  },
  decide(command, state) {
    if (command.type === 'RegisterGateway') {
      if (state.exists) return new DomainError('error.gateway.nameExists');
      const { type: _, ...data } = command;
      return [{ type: 'GatewayRegistered', data }];
    }
    if (!state.exists) return new DomainError('error.gateway.notFound');
    if (state.revoked) return new DomainError('error.gateway.revoked');
    const { gatewayId } = state;
    switch (command.type) {
      case 'ChangeGateway': {
        if (command.associatedMeters > 0) return new DomainError('error.concentrator.withMeters');
        const { type: _, associatedMeters: __, ...data } = command;
        return [{ type: 'GatewayChanged', data: { gatewayId, ...data } }];
      }
      case 'RotateGatewayKey': {
        const { type: _, ...data } = command;
        return [{ type: 'GatewayKeyRotated', data: { gatewayId, ...data } }];
      }
      case 'RevokeGateway':
        if (command.associatedMeters > 0) return new DomainError('error.concentrator.withMeters');
        return [{ type: 'GatewayRevoked', data: { gatewayId, revokedAt: command.revokedAt } }];
    }
  },
};

// ---- Meter types and meters --------------------------------------------------------------------------

export type MeterTypeEvent = EventOf<'MeterTypeCreated' | 'MeterTypeChanged' | 'MeterTypeDeleted'>;
export type MeterTypeState =
  | { exists: false; deleted: boolean }
  | (EventData<'MeterTypeCreated'> & { exists: true; deleted: false });
export type MeterTypeCommand =
  | ({ type: 'CreateMeterType' } & EventData<'MeterTypeCreated'>)
  | ({ type: 'ChangeMeterType' } & MeterTypeBody)
  /** metersUsing: the registered meters of this type (read model), which forbid deleting it. */
  | { type: 'DeleteMeterType'; metersUsing: number };

/** A tenant's meter model; its name is unique in the tenant (read model index); deleted only while unused. */
export const meterTypeDecider: Decider<MeterTypeCommand, MeterTypeEvent, MeterTypeState> = {
  category: 'meterType',
  initialState: () => ({ exists: false, deleted: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MeterTypeCreated':
        return { ...event.data, exists: true, deleted: false };
      case 'MeterTypeChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'MeterTypeDeleted':
        return { exists: false, deleted: true };
    }
  },
  decide(command, state) {
    if (command.type === 'CreateMeterType') {
      if (state.exists || state.deleted) return new DomainError('error.meterType.exists');
      const { type: _, ...data } = command;
      return [{ type: 'MeterTypeCreated', data }];
    }
    if (!state.exists) return new DomainError('error.meterType.notFound');
    const { meterTypeId } = state;
    switch (command.type) {
      case 'ChangeMeterType': {
        const { type: _, ...body } = command;
        return [{ type: 'MeterTypeChanged', data: { meterTypeId, ...body } }];
      }
      case 'DeleteMeterType':
        if (command.metersUsing > 0)
          return new DomainError('error.meterType.inUse', { count: command.metersUsing });
        return [{ type: 'MeterTypeDeleted', data: { meterTypeId } }];
    }
  },
};

export type MeterEvent = EventOf<
  'MeterRegistered' | 'MeterChanged' | 'MeterDeleted' | 'MeterReplaced' | 'MeterMoved'
>;
export type MeterState =
  | { exists: false; deleted: boolean }
  | (EventData<'MeterRegistered'> & { exists: true; deleted: false; replaced: boolean });
export type MeterCommand =
  /**
   * `numberTaken`: a meter of the tenant has the number, as the read model has it (the use case reads it; the
   * model's unique index refuses a number registered meanwhile).
   */
  | ({ type: 'RegisterMeter'; numberTaken: boolean } & EventData<'MeterRegistered'>)
  | ({ type: 'ChangeMeter' } & Omit<EventData<'MeterChanged'>, 'meterId'>)
  /**
   * A meter that has reported (its readings are history) or is on an account is kept: only a meter
   * registered by mistake, never used, can be deleted. The route reads both facts from the read models.
   */
  | { type: 'DeleteMeter'; hasReadings: boolean; onAccount: boolean }
  /**
   * Swaps this (old) meter for another of the same tenant. The route resolves the new meter from the read
   * models (null when the tenant has no such meter): whether an account holds it and whether it was itself
   * replaced before. customerId: the account on the old meter, which moves to the new one.
   */
  | ({ type: 'ReplaceMeter' } & Pick<
      EventData<'MeterReplaced'>,
      'customerId' | 'accountNo' | 'lastReadTime' | 'recentReading' | 'reason' | 'replacedAt'
    > & {
        newMeter: {
          meterId: string;
          meterNo: string;
          initialReading: number;
          onAccount: boolean;
          replaced: boolean;
        } | null;
      })
  /**
   * Moves this meter to another tenant (platform operator). The route reads from the read models whether
   * the meter sits in a cascade partition of its tenant and whether the target tenant has its number, and
   * the meters moving with it (`batch`, this one among them) as the source tenant has them.
   */
  | ({ type: 'MoveMeter' } & Omit<EventData<'MeterMoved'>, 'meterId' | 'meterNo' | 'fromMeterTypeId'> & {
        inPartition: boolean;
        numberTakenInTarget: boolean;
        batch: readonly MovingMeter[];
      });

/** A meter of a batch to move, as the source tenant's read models have it. */
export interface MovingMeter {
  meterNo: string;
  /** The account on the meter (null: none). */
  customerId: string | null;
  meterTypeId: string;
  /** The account's customer type (null: no account). */
  customerTypeId: string | null;
}

/**
 * Why a batch of meters may not move together, or null: each goes with its account, and one batch takes one
 * meter type and one customer type to the target's types. Each meter's move asks it first, so the whole
 * batch is refused alike whichever meter is decided first.
 */
function meterMoveBatchRefusal(meters: readonly MovingMeter[]): DomainError | null {
  const [first] = meters;
  for (const meter of meters) {
    if (!meter.customerId) return new DomainError('error.meterMove.noAccount', { meterNo: meter.meterNo });
    if (meter.meterTypeId !== first!.meterTypeId || meter.customerTypeId !== first!.customerTypeId)
      return new DomainError('error.meterMove.mixedTypes');
  }
  return null;
}

/**
 * Why a meter may not be registered: a meter of the tenant has its number. The decider's rule, asked alone
 * by an import to give each row of its file its reason.
 */
export function meterRegistrationRefusal(facts: { numberTaken: boolean }): DomainError | null {
  return facts.numberTaken ? new DomainError('error.meter.exists') : null;
}

/** A meter of the registry; its number is unique in the tenant (the meters read model's unique index). */
export const meterDecider: Decider<MeterCommand, MeterEvent, MeterState> = {
  category: 'meter',
  initialState: () => ({ exists: false, deleted: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MeterRegistered':
        return { ...event.data, exists: true, deleted: false, replaced: false };
      case 'MeterChanged': {
        if (!state.exists) return state;
        // Optional fields left out of a change are cleared.
        const { tenantId, meterNo, registeredAt, replaced } = state;
        return { tenantId, meterNo, registeredAt, replaced, ...event.data, exists: true, deleted: false };
      }
      case 'MeterDeleted':
        return { exists: false, deleted: true };
      case 'MeterReplaced':
        return state.exists ? { ...state, replaced: true } : state;
      case 'MeterMoved':
        return state.exists
          ? { ...state, tenantId: event.data.toTenantId, meterTypeId: event.data.meterTypeId }
          : state;
    }
  },
  decide(command, state) {
    if (command.type === 'RegisterMeter') {
      if (state.exists || state.deleted) return new DomainError('error.meter.exists');
      const { type: _, numberTaken: __, ...data } = command;
      return meterRegistrationRefusal(command) ?? [{ type: 'MeterRegistered', data }];
    }
    if (!state.exists) return new DomainError('error.meter.notFound');
    const { meterId } = state;
    switch (command.type) {
      case 'ChangeMeter': {
        const { type: _, ...fields } = command;
        // The key is never shown back, so a change without one keeps it.
        const key = fields.key ?? state.key;
        return [
          { type: 'MeterChanged', data: { meterId, ...fields, ...(key === undefined ? {} : { key }) } },
        ];
      }
      case 'DeleteMeter':
        if (command.onAccount) return new DomainError('error.meter.onAccount');
        if (command.hasReadings) return new DomainError('error.meter.hasReadings');
        return [{ type: 'MeterDeleted', data: { meterId } }];
      case 'ReplaceMeter': {
        const { type: _, newMeter, ...facts } = command;
        if (state.replaced) return new DomainError('error.meterReplace.alreadyReplaced');
        if (!newMeter) return new DomainError('error.meter.notFound');
        if (newMeter.meterId === meterId) return new DomainError('error.meterReplace.sameMeter');
        if (newMeter.replaced) return new DomainError('error.meterReplace.newRetired');
        if (newMeter.onAccount) return new DomainError('error.meterReplace.newOnAccount');
        return [
          {
            type: 'MeterReplaced',
            data: {
              oldMeterId: meterId,
              newMeterId: newMeter.meterId,
              oldMeterNo: state.meterNo,
              newMeterNo: newMeter.meterNo,
              ...facts,
              newInitialReading: newMeter.initialReading,
            },
          },
        ];
      }
      case 'MoveMeter': {
        const { type: _, inPartition, numberTakenInTarget, batch, ...facts } = command;
        const batchRefused = meterMoveBatchRefusal(batch);
        if (batchRefused) return batchRefused;
        const meterNo = state.meterNo;
        // A meter of another tenant than the one named is not found there.
        if (facts.fromTenantId !== state.tenantId) return new DomainError('error.meter.notFound');
        if (facts.toTenantId === state.tenantId) return new DomainError('error.meterMove.sameTenant');
        if (state.replaced) return new DomainError('error.meterMove.retired', { meterNo });
        if (inPartition) return new DomainError('error.meterMove.inPartition', { meterNo });
        if (numberTakenInTarget) return new DomainError('error.meterMove.numberTaken', { meterNo });
        return [
          { type: 'MeterMoved', data: { meterId, meterNo, fromMeterTypeId: state.meterTypeId, ...facts } },
        ];
      }
    }
  },
};

// ---- Meter groups ------------------------------------------------------------------------------------

export type MeterGroupEvent = EventOf<
  | 'MeterGroupCreated'
  | 'MeterGroupChanged'
  | 'MeterGroupDeleted'
  | 'MeterGroupMetersAdded'
  | 'MeterGroupMetersRemoved'
>;
export type MeterGroupState =
  | { exists: false; deleted: boolean }
  | (EventData<'MeterGroupCreated'> & { exists: true; deleted: false; meterIds: ReadonlySet<string> });
export type MeterGroupCommand =
  | ({ type: 'CreateMeterGroup' } & EventData<'MeterGroupCreated'>)
  | ({ type: 'ChangeMeterGroup' } & MeterGroupBody)
  | { type: 'DeleteMeterGroup' }
  /** meterIds: meters of the tenant (the route resolved them); those already in the group are skipped. */
  | { type: 'AddGroupMeters'; meterIds: readonly string[] }
  | { type: 'RemoveGroupMeters'; meterIds: readonly string[] };

/** A named set of a tenant's meters (manual reading, reports); its name is unique in the tenant (read model). */
export const meterGroupDecider: Decider<MeterGroupCommand, MeterGroupEvent, MeterGroupState> = {
  category: 'meterGroup',
  initialState: () => ({ exists: false, deleted: false }),
  evolve(state, event) {
    switch (event.type) {
      case 'MeterGroupCreated':
        return { ...event.data, exists: true, deleted: false, meterIds: new Set() };
      case 'MeterGroupChanged':
        return state.exists ? { ...state, ...event.data } : state;
      case 'MeterGroupDeleted':
        return { exists: false, deleted: true };
      case 'MeterGroupMetersAdded':
        return state.exists
          ? { ...state, meterIds: new Set([...state.meterIds, ...event.data.meterIds]) }
          : state;
      case 'MeterGroupMetersRemoved': {
        if (!state.exists) return state;
        const removed = new Set(event.data.meterIds);
        return { ...state, meterIds: new Set([...state.meterIds].filter((id) => !removed.has(id))) };
      }
    }
  },
  decide(command, state) {
    if (command.type === 'CreateMeterGroup') {
      if (state.exists || state.deleted) return new DomainError('error.group.exists');
      const { type: _, ...data } = command;
      return [{ type: 'MeterGroupCreated', data }];
    }
    if (!state.exists) return new DomainError('error.group.notFound');
    const { groupId } = state;
    switch (command.type) {
      case 'ChangeMeterGroup': {
        const { type: _, ...body } = command;
        return [{ type: 'MeterGroupChanged', data: { groupId, ...body } }];
      }
      case 'DeleteMeterGroup':
        return [{ type: 'MeterGroupDeleted', data: { groupId } }];
      case 'AddGroupMeters': {
        const meterIds = [...new Set(command.meterIds)].filter((id) => !state.meterIds.has(id));
        return meterIds.length > 0 ? [{ type: 'MeterGroupMetersAdded', data: { groupId, meterIds } }] : [];
      }
      case 'RemoveGroupMeters': {
        const meterIds = [...new Set(command.meterIds)];
        if (meterIds.some((id) => !state.meterIds.has(id))) return new DomainError('error.group.notMember');
        return [{ type: 'MeterGroupMetersRemoved', data: { groupId, meterIds } }];
      }
    }
  },
};

// ---- Downlink commands -------------------------------------------------------------------------------

export type MeterCommandEvent = EventOf<
  'MeterCommandIssued' | 'MeterCommandSent' | 'MeterCommandAcknowledged' | 'MeterCommandTimedOut'
>;

export type MeterCommandState =
  | { exists: false }
  | {
      exists: true;
      commandId: string;
      kind: MeterCommandKind;
      issuedAt: string;
      status: MeterCommandStatus;
      /** Deliveries so far; a key update gets a second one after its first times out. */
      attempts: number;
      /** Set while a gateway holds the command and the acknowledgement is awaited. */
      sentTo: string | null;
      deadline: string | null;
    };

/** `valveControl`: the meter has a valve (the use case reads the meter). */
export type MeterCommandCommand =
  | ({ type: 'IssueMeterCommand'; valveControl: boolean } & EventData<'MeterCommandIssued'>)
  | { type: 'SendMeterCommand'; gatewayId: string; sentAt: string }
  | {
      type: 'AcknowledgeMeterCommand';
      gatewayId: string;
      status: 'success' | 'fail';
      detail?: string;
      at: string;
    }
  | { type: 'TimeOutMeterCommand'; at: string };

const FINAL: readonly MeterCommandStatus[] = ['success', 'fail', 'timeout', 'resendSuccess'];

/** A valve command starts as sending, a key update as executing (spec section 4). */
export function initialCommandStatus(kind: MeterCommandKind): MeterCommandStatus {
  return kind === 'keyUpdate' ? 'executing' : 'sending';
}

export function isFinalCommandStatus(status: MeterCommandStatus): boolean {
  return FINAL.includes(status);
}

/** When an open command times out: the ack deadline once a gateway took it, else the pickup limit. */
export function commandExpiry(state: Extract<MeterCommandState, { exists: true }>): string {
  if (state.deadline) return state.deadline;
  return new Date(Date.parse(state.issuedAt) + COMMAND_PICKUP_MINUTES * 60_000).toISOString();
}

/** A valve command fails; a key update is offered once more (resend), then times out. */
function timeoutResult(state: Extract<MeterCommandState, { exists: true }>): MeterCommandStatus {
  if (state.kind !== 'keyUpdate') return 'fail';
  return state.status === 'executing' ? 'resend' : 'timeout';
}

/**
 * A valve or key-update command on its way to a meter (spec section 4). Valve: sending → success | fail
 * (an unacknowledged one fails). Key update: executing → success; unacknowledged → resend (offered once
 * more) → resend successful | timeout.
 */
/** Why a command of this kind may not go to a meter: a valve command needs a valve (a key update does not). */
function meterCommandRefusal(kind: MeterCommandKind, valveControl: boolean): DomainError | null {
  return kind !== 'keyUpdate' && !valveControl ? new DomainError('error.meter.noValve') : null;
}

export const meterCommandDecider: Decider<MeterCommandCommand, MeterCommandEvent, MeterCommandState> = {
  category: 'meterCommand',
  initialState: () => ({ exists: false }),
  evolve(state, event) {
    if (event.type === 'MeterCommandIssued') {
      const { commandId, kind, issuedAt } = event.data;
      return {
        exists: true,
        commandId,
        kind,
        issuedAt,
        status: initialCommandStatus(kind),
        attempts: 0,
        sentTo: null,
        deadline: null,
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'MeterCommandSent':
        return {
          ...state,
          attempts: state.attempts + 1,
          sentTo: event.data.gatewayId,
          deadline: event.data.deadline,
        };
      case 'MeterCommandAcknowledged':
      case 'MeterCommandTimedOut':
        return { ...state, status: event.data.result, sentTo: null, deadline: null };
    }
  },
  decide(command, state) {
    if (command.type === 'IssueMeterCommand') {
      const refused = meterCommandRefusal(command.kind, command.valveControl);
      if (refused) return refused;
      if (state.exists) return new DomainError('error.command.finished', { status: state.status });
      const { type: _, valveControl: __, ...data } = command;
      return [{ type: 'MeterCommandIssued', data }];
    }
    if (!state.exists) return new DomainError('error.command.notFound');
    if (isFinalCommandStatus(state.status))
      return new DomainError('error.command.finished', { status: state.status });
    const { commandId } = state;
    switch (command.type) {
      case 'SendMeterCommand': {
        // Already with a gateway: it keeps the command until it answers or the deadline passes.
        if (state.sentTo !== null) return [];
        const deadline = new Date(Date.parse(command.sentAt) + COMMAND_ACK_SECONDS * 1000).toISOString();
        return [
          {
            type: 'MeterCommandSent',
            data: { commandId, gatewayId: command.gatewayId, sentAt: command.sentAt, deadline },
          },
        ];
      }
      case 'AcknowledgeMeterCommand': {
        if (state.sentTo !== command.gatewayId) return new DomainError('error.command.notFound');
        const { type: _, ...data } = command;
        const result: MeterCommandStatus =
          command.status === 'fail' ? 'fail' : state.status === 'resend' ? 'resendSuccess' : 'success';
        return [{ type: 'MeterCommandAcknowledged', data: { commandId, ...data, result } }];
      }
      case 'TimeOutMeterCommand':
        if (Date.parse(command.at) < Date.parse(commandExpiry(state))) return [];
        return [
          { type: 'MeterCommandTimedOut', data: { commandId, at: command.at, result: timeoutResult(state) } },
        ];
    }
  },
};
