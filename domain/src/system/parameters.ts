import type { EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf } from '../decider.ts';

export type ConfigEvent = EventOf<'ConfigSaved' | 'ConfigDeleted'>;
export type ConfigState = { exists: false } | (EventData<'ConfigSaved'> & { exists: true });
export type ConfigCommand =
  | ({ type: 'SaveConfig' } & EventData<'ConfigSaved'>)
  | { type: 'DeleteConfig'; configId: string };

/** A system parameter: a value that code and operators read by its key. */
export const configDecider: Decider<ConfigCommand, ConfigEvent, ConfigState> = {
  category: 'config',
  initialState: () => ({ exists: false }),
  evolve: (_, event) => (event.type === 'ConfigSaved' ? { ...event.data, exists: true } : { exists: false }),
  decide(command, state) {
    if (command.type === 'SaveConfig') {
      const { type: _, ...data } = command;
      // A built-in parameter keeps its key and stays built-in: code reads it by that key.
      if (
        state.exists &&
        state.configType === 'Y' &&
        (data.configKey !== state.configKey || data.configType !== 'Y')
      ) {
        return new DomainError('error.config.builtIn');
      }
      return [{ type: 'ConfigSaved', data }];
    }
    if (!state.exists) return new DomainError('error.config.notFound');
    if (state.configType === 'Y') return new DomainError('error.config.builtIn');
    return [{ type: 'ConfigDeleted', data: { configId: command.configId } }];
  },
};
