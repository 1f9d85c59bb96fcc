import { describe, expect, it } from 'vitest';
import { DEFAULT_MQTT_PORT, loadConfig } from '../src/config.ts';

describe('MQTT settings', () => {
  it('embeds a broker by default, on its own port and the service host', () => {
    expect(loadConfig({}).mqtt).toEqual({ port: DEFAULT_MQTT_PORT, host: '0.0.0.0' });
    expect(loadConfig({ MQTT_PORT: '2883', HOST: '127.0.0.1' }).mqtt).toEqual({
      port: 2883,
      host: '127.0.0.1',
    });
    expect(loadConfig({ MQTT_PORT: '2883', MQTT_HOST: '::' }).mqtt).toEqual({ port: 2883, host: '::' });
  });

  it('embeds none with MQTT_PORT off or 0, or with an external broker', () => {
    expect(loadConfig({ MQTT_PORT: 'off' }).mqtt).toEqual({ port: null });
    expect(loadConfig({ MQTT_PORT: '0' }).mqtt).toEqual({ port: null });
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_PORT: '2883' }).mqtt).toEqual({
      port: null,
      url: 'mqtt://broker:1883',
    });
  });

  it('refuses a port or broker address it cannot use', () => {
    expect(() => loadConfig({ MQTT_PORT: '70000' })).toThrow('MQTT_PORT must be a port number');
    expect(() => loadConfig({ MQTT_PORT: 'on' })).toThrow('MQTT_PORT must be a port number');
    expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow('MQTT_URL must be an mqtt://');
  });
});
