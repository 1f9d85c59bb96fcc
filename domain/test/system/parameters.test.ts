import { describe, it } from 'vitest';
import { configDecider } from '../../src/system/index.ts';
import { given } from '../spec.ts';

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
    given(configDecider, [builtIn])
      .when({ type: 'DeleteConfig', configId: builtIn.data.configId })
      .thenFails('error.config.builtIn');
    given(configDecider, [builtIn])
      .when({ type: 'SaveConfig', ...builtIn.data, configKey: 'other.key' })
      .thenFails('error.config.builtIn');
    given(configDecider, [builtIn])
      .when({ type: 'SaveConfig', ...builtIn.data, configValue: 'false' })
      .thenMatches([{ type: 'ConfigSaved' }]);
  });
});
