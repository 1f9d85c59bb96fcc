import { describe, it } from 'vitest';
import { dictTypeDecider } from '../../src/system/index.ts';
import { given } from '../spec.ts';

describe('dictionary type decider', () => {
  const type = {
    dictId: 7,
    dictName: 'Valve state',
    dictType: 'valve_state',
    status: '0',
    remark: null,
  } as const;
  const saved = [{ type: 'DictTypeSaved', data: type }] as const;

  it('keeps the key while entries hang under it: code reads the entries by it', () => {
    given(dictTypeDecider, saved)
      .when({ type: 'Save', ...type, dictType: 'valve', facts: { entries: 3 } })
      .thenFails('error.dictType.keyInUse');
    given(dictTypeDecider, saved)
      .when({ type: 'Save', ...type, dictName: 'Valve', facts: { entries: 3 } })
      .then([{ type: 'DictTypeSaved', data: { ...type, dictName: 'Valve' } }]);
    given(dictTypeDecider, saved)
      .when({ type: 'Save', ...type, dictType: 'valve', facts: { entries: 0 } })
      .then([{ type: 'DictTypeSaved', data: { ...type, dictType: 'valve' } }]);
  });

  it('deletes a type only without entries', () => {
    given(dictTypeDecider, saved)
      .when({ type: 'Delete', facts: { entries: 1 } })
      .thenFails('error.dictType.hasData');
    given(dictTypeDecider, saved)
      .when({ type: 'Delete', facts: { entries: 0 } })
      .then([{ type: 'DictTypeDeleted', data: { dictId: 7 } }]);
    given(dictTypeDecider, [])
      .when({ type: 'Delete', facts: { entries: 0 } })
      .thenFails('error.dictType.notFound');
  });
});
