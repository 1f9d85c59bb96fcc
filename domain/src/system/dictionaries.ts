import type { EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf, recordDecider } from '../decider.ts';

// ---- Dictionary types ------------------------------------------------------------------------------------

/**
 * A dictionary type: its name and the key its data hang under. Code reads data by the key, so the key stays
 * while entries hang under it, and a type goes only without entries.
 */
export const dictTypeDecider = recordDecider<
  'DictTypeSaved',
  'DictTypeDeleted',
  /** How many entries hang under the type's current key (none for a new type). */
  { entries: number },
  { entries: number }
>({
  category: 'dicttype',
  saved: 'DictTypeSaved',
  deleted: 'DictTypeDeleted',
  id: 'dictId',
  notFound: 'error.dictType.notFound',
  refuse(command, state) {
    if (command.facts.entries === 0) return null;
    if (command.type === 'Delete') return 'error.dictType.hasData';
    return state.exists && state.dictType !== command.dictType ? 'error.dictType.keyInUse' : null;
  },
});

// ---- Dictionary data -------------------------------------------------------------------------------------

export type DictDataEvent = EventOf<'DictDataSaved' | 'DictDataDeleted'>;
export type DictDataState = { exists: false } | (EventData<'DictDataSaved'> & { exists: true });
export type DictDataCommand =
  | ({ type: 'SaveDictData' } & EventData<'DictDataSaved'>)
  | { type: 'DeleteDictData'; dictCode: string };

export const dictDataDecider: Decider<DictDataCommand, DictDataEvent, DictDataState> = {
  category: 'dictdata',
  initialState: () => ({ exists: false }),
  evolve: (_, event) =>
    event.type === 'DictDataSaved' ? { ...event.data, exists: true } : { exists: false },
  decide(command, state) {
    if (command.type === 'SaveDictData') {
      const { type: _, ...data } = command;
      return [{ type: 'DictDataSaved', data }];
    }
    if (!state.exists) return new DomainError('error.dict.notFound');
    return [{ type: 'DictDataDeleted', data: { dictCode: command.dictCode } }];
  },
};
