import type { EventData } from '@hydrolog/schemas';
import { type Decider, DomainError, type EventOf, recordDecider } from '../decider.ts';

// ---- Dictionary types ------------------------------------------------------------------------------------

/** A dictionary type: its name and the key its data hang under. Rules about its data need the read model. */
export const dictTypeDecider = recordDecider({
  category: 'dicttype',
  saved: 'DictTypeSaved',
  deleted: 'DictTypeDeleted',
  id: 'dictId',
  notFound: 'error.dictType.notFound',
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
