import { describe, expect, it } from 'vitest';
import { gatewayTopics, parseGatewayTopic } from '../src/index.ts';

const GATEWAY = '01a21589-4edb-7aaa-be4e-7893fe8239e5';
const COMMAND = '01a21589-89c7-70a2-8fb0-c74adff78f56';

describe('the MQTT topics of a gateway', () => {
  it('reads each request back from the topic it is published to', () => {
    const topics = gatewayTopics(GATEWAY);
    expect(parseGatewayTopic(topics.readings)).toEqual({ gatewayId: GATEWAY, kind: 'readings' });
    expect(parseGatewayTopic(topics.take)).toEqual({ gatewayId: GATEWAY, kind: 'take' });
    expect(parseGatewayTopic(topics.ack(COMMAND))).toEqual({
      gatewayId: GATEWAY,
      kind: 'ack',
      commandId: COMMAND,
    });
  });

  it('takes no other topic for a request: the service publishes on replies and commands', () => {
    const topics = gatewayTopics(GATEWAY);
    for (const topic of [
      topics.replies,
      topics.commands,
      `hydrolog/gateways/${GATEWAY}`,
      `hydrolog/gateways//readings`,
      `hydrolog/other/${GATEWAY}/readings`,
      `hydrolog/gateways/${GATEWAY}/commands//ack`,
      `hydrolog/gateways/${GATEWAY}/commands/${COMMAND}/ack/more`,
      `hydrolog/gateways/${GATEWAY}/readings/more`,
    ])
      expect(parseGatewayTopic(topic)).toBeNull();
  });
});
