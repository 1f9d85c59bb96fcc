import { describe, it } from 'vitest';
import { dictDataDecider, dictTypeDecider } from '../../src/system/index.ts';
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

describe('dictionary data decider', () => {
  const dictCode = '0190a000-0000-7000-8000-000000000070';
  const entry = {
    dictCode,
    dictType: 'valve_state',
    dictValue: 'open',
    labels: { en: 'Open', fr: 'Ouverte', id: 'Terbuka', 'zh-CN': '开阀' },
    dictSort: 1,
    cssClass: null,
    listClass: 'success',
    isDefault: 'N',
    status: '0',
    remark: null,
  } as const;
  const saved = [{ type: 'DictDataSaved', data: entry }] as const;

  it('saves an entry as a whole, new or changed', () => {
    given(dictDataDecider, [])
      .when({ type: 'SaveDictData', ...entry })
      .then([...saved]);
    given(dictDataDecider, saved)
      .when({ type: 'SaveDictData', ...entry, dictSort: 2, remark: 'first' })
      .then([{ type: 'DictDataSaved', data: { ...entry, dictSort: 2, remark: 'first' } }]);
  });

  it('deletes a known entry once, and knows a deleted one no more', () => {
    const deleted = given(dictDataDecider, saved)
      .when({ type: 'DeleteDictData', dictCode })
      .then([{ type: 'DictDataDeleted', data: { dictCode } }]);
    given(dictDataDecider, [...saved, ...deleted])
      .when({ type: 'DeleteDictData', dictCode })
      .thenFails('error.dict.notFound');
    given(dictDataDecider, []).when({ type: 'DeleteDictData', dictCode }).thenFails('error.dict.notFound');
  });
});
