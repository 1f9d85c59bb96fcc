import { EventEmitter } from 'node:events';
import { DomainError, meterCommandDecider } from '@hydrolog/domain';
import {
  getMeter,
  getMeterCommand,
  overdueCommands,
  pendingCommandsFor,
  withTenant,
} from '@hydrolog/projections';
import {
  COMMAND_PICKUP_MINUTES,
  type DownlinkCommand,
  type EventMetadata,
  type MeterCommandKind,
  uuidv7,
} from '@hydrolog/schemas';
import { execute, executeAll, type StreamCommand } from '../commands.ts';
import type { Services } from '../services.ts';
import type { GatewayCaller } from './auth.ts';
import { failedValveNotice } from './failed-valve-notice.ts';

/** Between two looks at the table while a long poll waits (commands issued by another process). */
const POLL_STEP_MS = 1000;

/**
 * Downlink commands (valve open/close, key update) from the back office to the gateways, every step an
 * event of the command's stream: issued, sent (a gateway took it), acknowledged or timed out.
 */
export class CommandDispatch {
  private readonly issued = new EventEmitter();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly services: Services) {
    this.issued.setMaxListeners(0);
  }

  /**
   * Issues a command to each of the caller's meters, all in one append: an unknown meter, or one without a
   * valve for a valve command, issues none. Answers the commands' ids.
   */
  async issue(
    metadata: EventMetadata,
    meterIds: readonly string[],
    kind: MeterCommandKind,
    key?: string,
  ): Promise<string[]> {
    const steps = [];
    for (const meterId of meterIds) steps.push(await this.issuing(metadata, meterId, kind, key));
    await executeAll(this.services.store, steps, { metadata });
    this.announce();
    return steps.map((step) => step.id);
  }

  /**
   * The step issuing a command to one of the caller's meters (its id is the step's), for a change that
   * appends it together with its own (a customer's freeze and its valve close): `announce` it once appended.
   */
  async issuing(
    metadata: EventMetadata,
    meterId: string,
    kind: MeterCommandKind,
    key?: string,
  ): Promise<StreamCommand> {
    const meter = await withTenant(this.services.db, metadata.tenantId, (sql) => getMeter(sql, meterId));
    if (!meter) throw new DomainError('error.meter.notFound');
    const commandId = uuidv7();
    return {
      decider: meterCommandDecider,
      id: commandId,
      command: {
        type: 'IssueMeterCommand',
        valveControl: meter.valveControl,
        commandId,
        meterId,
        meterNo: meter.meterNo,
        kind,
        ...(key === undefined ? {} : { key }),
        issuedAt: new Date().toISOString(),
      },
    };
  }

  /** Wakes the long polls waiting for commands: some were just appended. */
  announce(): void {
    this.issued.emit('issued');
  }

  /**
   * The commands waiting for a gateway, marked sent to it; when there are none, waits up to `waitSeconds`
   * for one (a long poll), returning early when the request goes away.
   */
  async take(gateway: GatewayCaller, waitSeconds: number, abort: AbortSignal): Promise<DownlinkCommand[]> {
    const until = Date.now() + waitSeconds * 1000;
    for (;;) {
      const commands = await this.send(gateway);
      const left = until - Date.now();
      if (commands.length > 0 || left <= 0 || abort.aborted) return commands;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.issued.off('issued', done);
          abort.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(left, POLL_STEP_MS));
        this.issued.on('issued', done);
        abort.addEventListener('abort', done);
      });
    }
  }

  private async send(gateway: GatewayCaller): Promise<DownlinkCommand[]> {
    const pending = await withTenant(this.services.db, gateway.tenantId, (sql) =>
      pendingCommandsFor(sql, gateway.gatewayId),
    );
    const sent: DownlinkCommand[] = [];
    for (const command of pending) {
      const { events } = await execute(
        this.services.store,
        meterCommandDecider,
        command.commandId,
        [{ type: 'SendMeterCommand', gatewayId: gateway.gatewayId, sentAt: new Date().toISOString() }],
        { metadata: gatewayMetadata(gateway) },
      );
      const event = events.find((e) => e.type === 'MeterCommandSent');
      // Another poll of the same gateway took it a moment ago.
      if (event?.type !== 'MeterCommandSent') continue;
      sent.push({
        commandId: command.commandId,
        meterNo: command.meterNo,
        kind: command.kind,
        ...(command.key === null ? {} : { key: command.key }),
        deadline: event.data.deadline,
      });
    }
    return sent;
  }

  async acknowledge(
    gateway: GatewayCaller,
    commandId: string,
    answer: { status: 'success' | 'fail'; detail?: string | undefined },
  ): Promise<void> {
    const command = await withTenant(this.services.db, gateway.tenantId, (sql) =>
      getMeterCommand(sql, commandId),
    );
    if (!command) throw new DomainError('error.command.notFound');
    const at = new Date().toISOString();
    const steps: StreamCommand[] = [
      {
        decider: meterCommandDecider,
        id: commandId,
        command: {
          type: 'AcknowledgeMeterCommand',
          gatewayId: gateway.gatewayId,
          status: answer.status,
          ...(answer.detail === undefined ? {} : { detail: answer.detail }),
          at,
        },
      },
    ];
    // A failed valve command tells the staff, in the same append as the failure (none for an answer again).
    if (answer.status === 'fail' && command.kind !== 'keyUpdate')
      steps.push({
        ...(await failedValveNotice(this.services, command, 'gatewayFail', answer.detail ?? null, at)),
        consequenceOf: 0,
      });
    await executeAll(this.services.store, steps, { metadata: gatewayMetadata(gateway) });
  }

  /** Times out every command past its deadline; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    const overdue = await overdueCommands(this.services.db, now, COMMAND_PICKUP_MINUTES);
    let count = 0;
    for (const command of overdue) {
      const steps: StreamCommand[] = [
        {
          decider: meterCommandDecider,
          id: command.commandId,
          command: { type: 'TimeOutMeterCommand', at: now.toISOString() },
        },
      ];
      // A valve command that times out fails, and tells the staff why in the same append; none when a
      // gateway took the command since it was read as overdue.
      if (command.kind !== 'keyUpdate') {
        const failure = command.gatewayId ? 'noAck' : 'notPickedUp';
        const notice = await failedValveNotice(this.services, command, failure, null, now.toISOString());
        steps.push({ ...notice, consequenceOf: 0 });
      }
      const [timedOut] = await executeAll(this.services.store, steps, {
        metadata: { tenantId: command.tenantId, correlationId: uuidv7() },
      });
      count += timedOut!.length;
    }
    // A key update offered again is waiting for its gateway.
    if (count > 0) this.issued.emit('issued');
    return count;
  }

  startSweeper(intervalMs: number): void {
    this.sweeper = setInterval(() => {
      this.sweep().catch((error) => console.error('command sweeper:', error));
    }, intervalMs);
    this.sweeper.unref();
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}

function gatewayMetadata(gateway: GatewayCaller): EventMetadata {
  return { tenantId: gateway.tenantId, userId: `gateway:${gateway.gatewayId}`, correlationId: uuidv7() };
}
