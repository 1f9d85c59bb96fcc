import type { DomainEvent } from '@hydrolog/schemas';
import { describe, expect, it } from 'vitest';
import { type Decider, type DomainError, fold } from '../../src/decider.ts';
import { configDecider } from '../../src/system/index.ts';

/** given(events) / when(command) / then(events | error) */
function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: E[]) {
  return { when: (command: C) => decider.decide(command, fold(decider, events)) };
}
const keyOf = (result: unknown) => (result as DomainError).key;

describe('config decider', () => {
  const builtIn = {
    type: 'ConfigSaved' as const,
    data: {
      configId: '0190a000-0000-7000-8000-000000000040',
      configName: 'Captcha',
      configKey: 'sys.account.captchaEnabled',
      configValue: 'true',
      configType: 'Y' as const,
      remark: null,
    },
  };
  it('keeps built-in parameters: their key and kind stay, they cannot be deleted', () => {
    expect(
      keyOf(given(configDecider, [builtIn]).when({ type: 'DeleteConfig', configId: builtIn.data.configId })),
    ).toBe('error.config.builtIn');
    expect(
      keyOf(
        given(configDecider, [builtIn]).when({ type: 'SaveConfig', ...builtIn.data, configKey: 'other.key' }),
      ),
    ).toBe('error.config.builtIn');
    expect(
      given(configDecider, [builtIn]).when({ type: 'SaveConfig', ...builtIn.data, configValue: 'false' }),
    ).toHaveLength(1);
  });
});
