import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** No Docker engine runs here: the compose file is checked for what the scale-out page promises. */
const compose = parse(readFileSync(fileURLToPath(new URL('../../../deploy/compose.yaml', import.meta.url)), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; volumes?: string[] }>;
};

describe('deploy/compose.yaml', () => {
  const services = compose.services;

  it('parses, with a three-node cluster, two API instances, a runner, a load balancer and the admin CLI', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api1',
      'api2',
      'cli',
      'esdb1',
      'esdb2',
      'esdb3',
      'loadbalancer',
      'runner',
    ]);
    for (const node of ['esdb1', 'esdb2', 'esdb3']) {
      expect(services[node]?.environment).toMatchObject({
        EVENTSTORE_CLUSTER_SIZE: '3',
        EVENTSTORE_MAX_APPEND_SIZE: '16777216',
      });
    }
    expect(services['runner']?.command).toEqual(['node', 'tools/runner/dist/main.js']);
  });

  it('points every API instance and the runner at the cluster, each with its own data directory', () => {
    const volumes = new Set<string>();
    for (const name of ['api1', 'api2', 'runner']) {
      const environment = services[name]!.environment!;
      expect(environment['EVENT_STORE']).toBe('esdb');
      expect(environment['EVENTSTORE_CONNECTION_STRING']).toMatch(/^esdb:\/\/esdb1:2113,esdb2:2113,esdb3:2113\?/);
      expect(environment['SECRETS_KEY']).toContain('SECRETS_KEY');
      volumes.add(services[name]!.volumes![0]!.split(':')[0]!);
    }
    expect(volumes.size).toBe(3);
    expect(services['api1']!.environment!['AGENT_CHECKOUT_RUNNER']).toBe('off');
  });
});
