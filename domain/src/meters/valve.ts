import {
  COMMAND_ACK_SECONDS,
  COMMAND_PICKUP_MINUTES,
  type CommandFailure,
  type MessageKey,
  type MessageParams,
  type ValveCommandView,
  type ValveState,
} from '@hydrolog/schemas';

/**
 * A valve as an operator needs to read it: the meter reports its valve only with its next reading, so a
 * command that succeeded is not yet a closed valve. Told apart: what the meter last reported (no command,
 * or none since), a command on its way, a command done and awaiting the meter's report, confirmed by a
 * report, contradicted by one, or a command that failed (the valve stays as reported). Until a report
 * confirms the command, the last report and its time stay beside it: whether the water is off yet.
 */
export type ValveReading =
  | { phase: 'reported'; valve: ValveState | null; reportedAt: string | null }
  | {
      phase: 'commanding';
      target: ValveState;
      commandedAt: string;
      valve: ValveState | null;
      reportedAt: string | null;
    }
  | {
      phase: 'awaitingReport';
      target: ValveState;
      commandedAt: string;
      valve: ValveState | null;
      reportedAt: string | null;
    }
  | { phase: 'confirmed'; target: ValveState; commandedAt: string; reportedAt: string }
  | { phase: 'contradicted'; target: ValveState; commandedAt: string; valve: ValveState; reportedAt: string }
  | {
      phase: 'failed';
      target: ValveState;
      failedAt: string;
      valve: ValveState | null;
      reportedAt: string | null;
    };

export const commandTarget = (kind: ValveCommandView['kind']): ValveState =>
  kind === 'valveClose' ? 'closed' : 'open';

const atOrAfter = (a: string, b: string) => Date.parse(a) >= Date.parse(b);

export function readValve(
  valve: ValveState | null,
  reportedAt: string | null,
  command: ValveCommandView | null,
): ValveReading {
  if (!command) return { phase: 'reported', valve, reportedAt };
  const target = commandTarget(command.kind);
  const commandedAt = command.issuedAt;
  switch (command.status) {
    case 'success':
    case 'resendSuccess':
      // A report since the command was issued showing the target confirms it; a different one reported
      // after the gateway's success contradicts it; anything older says nothing yet.
      if (reportedAt && valve === target && atOrAfter(reportedAt, commandedAt))
        return { phase: 'confirmed', target, commandedAt, reportedAt };
      if (reportedAt && valve && valve !== target && atOrAfter(reportedAt, command.updatedAt))
        return { phase: 'contradicted', target, commandedAt, valve, reportedAt };
      return { phase: 'awaitingReport', target, commandedAt, valve, reportedAt };
    case 'fail':
    case 'timeout':
      return { phase: 'failed', target, failedAt: command.updatedAt, valve, reportedAt };
    default:
      return { phase: 'commanding', target, commandedAt, valve, reportedAt };
  }
}

/** Why a command failed, as a message: the gateway's own words when it gave some. */
export function failureMessage(
  failure: CommandFailure,
  detail: string | null,
): { key: MessageKey; params: MessageParams } {
  switch (failure) {
    case 'gatewayFail':
      return detail
        ? { key: 'valves.failures.gatewayFailWith', params: { detail } }
        : { key: 'valves.failures.gatewayFail', params: {} };
    case 'noAck':
      return { key: 'valves.failures.noAck', params: { seconds: COMMAND_ACK_SECONDS } };
    case 'notPickedUp':
      return { key: 'valves.failures.notPickedUp', params: { minutes: COMMAND_PICKUP_MINUTES } };
  }
}
