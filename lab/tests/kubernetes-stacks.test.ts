import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import {
  EDGE_OPERATIONS_PORT,
  EDGE_RELAY_PORT,
  EDGE_RELAY_SERVICE,
  MAX_INSTANCES,
  PLANNED_STACKS,
  STACK_COOKIE,
  STACKS_DIR,
  redisHaSentinels,
  stackNames,
  stackNamespace,
  stackRedisRelease,
} from '../../scripts/deploy-config';
import { root } from '../../scripts/processes';

/**
 * ADR 232: the stacks of deploy/kubernetes-stacks as `kubectl kustomize` renders them: each in a namespace of its
 * own, its edge resolving its own headless Service, its portal given its own Redis release's sentinels (the names
 * the chart makes from the merged values, ADR 232) and its Redis monitor selecting that release, the relay between
 * the stacks' edges wired on both sides, and as many stacks with the limits docs/capacity.md plans.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML
type Yaml = any;
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const stacks = stackNames();
const rendered: Record<string, Yaml[]> = Object.fromEntries(
  stacks.map((name) => [
    name,
    parseAllDocuments(
      execFileSync('kubectl', ['kustomize', path.join(root, STACKS_DIR, name)], { encoding: 'utf8' }),
    ).map((document) => document.toJS()),
  ]),
);
const find = (stack: string, kind: string, name: string) =>
  rendered[stack]!.find((object) => object.kind === kind && object.metadata.name === name);
const configMap = (stack: string, prefix: string) =>
  rendered[stack]!.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith(`${prefix}-`));
const edgeConfig = (stack: string): string => configMap(stack, 'portal-edge').data['haproxy.cfg'];

describe('kubectl kustomize deploy/kubernetes-stacks/<n>', () => {
  it('renders the stacks the plan for a million writers needs, each in a namespace of its own', () => {
    expect(stacks).toEqual(Array.from({ length: PLANNED_STACKS }, (_, i) => String(i + 1)));
    for (const stack of stacks) {
      const namespace = stackNamespace(stack);
      expect(find(stack, 'Namespace', namespace).metadata.labels['pod-security.kubernetes.io/enforce']).toBe(
        'restricted',
      );
      for (const object of rendered[stack]!.filter((o) => o.kind !== 'Namespace')) {
        expect(object.metadata.namespace, `${stack}: ${object.kind} ${object.metadata.name}`).toBe(namespace);
      }
    }
  });

  it('each edge resolves its own stack’s headless Service, with every slot the autoscaler may fill', () => {
    for (const stack of stacks) {
      const service = find(stack, 'Service', 'portal');
      expect(service.spec.clusterIP).toBe('None');
      const fqdn = `${service.metadata.name}.${service.metadata.namespace}.svc.cluster.local`;
      const templates = edgeConfig(stack)
        .split('\n')
        .filter((line) => line.includes('server-template portal'));
      expect(templates.length).toBeGreaterThan(0);
      for (const line of templates) expect(line).toContain(` 1-${MAX_INSTANCES} ipv4@${fqdn}:`);
      expect(find(stack, 'HorizontalPodAutoscaler', 'portal').spec.maxReplicas).toBe(MAX_INSTANCES);
      // The edge's pods mount their own stack's configuration.
      const volumes = find(stack, 'Deployment', 'portal-edge').spec.template.spec.volumes;
      expect(volumes.find((v: Yaml) => v.name === 'config').configMap.name).toBe(
        configMap(stack, 'portal-edge').metadata.name,
      );
    }
  });

  it('each portal reaches its own Redis release, named as the chart names it from the merged values', () => {
    const base = parse(read('deploy/kubernetes/redis/values.yaml'));
    const sentinels = new Set<string>();
    for (const stack of stacks) {
      const release = stackRedisRelease(stack);
      const values = { ...base, ...parse(read(`${STACKS_DIR}/${stack}/redis-values.yaml`)) };
      const expected = redisHaSentinels(values, release);
      expect(configMap(stack, 'portal-config').data.REDIS_SENTINELS).toBe(expected);
      expect(expected).toContain(`${release}-announce-0:`);
      sentinels.add(expected);
      expect(find(stack, 'PodMonitor', 'portal-redis').spec.selector.matchLabels.release).toBe(release);
      expect(read(`${STACKS_DIR}/${stack}/kustomization.yaml`)).toContain(`helm install ${release} `);
    }
    expect(sentinels.size).toBe(stacks.length);
  });

  it('relays a browser to the stack its cookie names: each edge knows every other stack’s relay, which exists', () => {
    for (const stack of stacks) {
      const config = edgeConfig(stack);
      expect(config).toContain(`  bind 0.0.0.0:${EDGE_RELAY_PORT}\n`);
      expect(config).toContain(`Set-Cookie "${STACK_COOKIE}=${stack}; Path=/;`);
      for (const other of stacks.filter((name) => name !== stack)) {
        const relay = find(other, 'Service', EDGE_RELAY_SERVICE);
        const address = `${relay.metadata.name}.${relay.metadata.namespace}.svc.cluster.local`;
        expect(config).toContain(`  use_backend stack_${other} if { var(txn.relay) -m str ${other} }\n`);
        expect(config).toContain(
          `  server edge ipv4@${address}:${EDGE_RELAY_PORT} resolvers cluster init-addr none check port ${EDGE_OPERATIONS_PORT} `,
        );
        expect(relay.spec.ports.map((p: Yaml) => [p.port, p.targetPort])).toEqual([
          [EDGE_RELAY_PORT, 'relay'],
          [EDGE_OPERATIONS_PORT, 'operations'],
        ]);
      }
      const edge = find(stack, 'Deployment', 'portal-edge');
      expect(edge.spec.template.spec.containers[0].ports).toContainEqual({
        name: 'relay',
        containerPort: EDGE_RELAY_PORT,
      });
      expect(find(stack, 'Service', EDGE_RELAY_SERVICE).spec.selector).toEqual(edge.spec.selector.matchLabels);
      // The relay port is not public: only the stacks' edges reach it (and the operations port they check).
      expect(find(stack, 'Service', 'portal-edge').spec.ports.map((p: Yaml) => p.targetPort)).not.toContain('relay');
      const rules = find(stack, 'NetworkPolicy', 'portal-edge').spec.ingress as Yaml[];
      const relayRules = rules.filter((rule) => rule.ports.some((p: Yaml) => p.port === 'relay'));
      expect(relayRules).toEqual([
        {
          from: [
            {
              namespaceSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'portal' } },
              podSelector: { matchLabels: edge.spec.selector.matchLabels },
            },
          ],
          ports: [{ port: 'relay' }, { port: 'operations' }],
        },
      ]);
      expect(find(stack, 'Namespace', stackNamespace(stack)).metadata.labels['app.kubernetes.io/part-of']).toBe(
        'portal',
      );
    }
  });

  it('as many stacks as docs/capacity.md plans for a million writers, and enough for four million', () => {
    const capacity = read('docs/capacity.md');
    const row = (label: string) => {
      const line = capacity.split('\n').find((l) => l.startsWith(`| ${label}`));
      expect(line, label).toBeDefined();
      return line!
        .split('|')
        .slice(2, 4)
        .map((cell) => Number(cell.replace(/[^0-9]/g, '')));
    };
    const instances = row('instances at 70 %');
    const planned = row('stacks (');
    expect(planned).toEqual(instances.map((count) => Math.ceil(count / MAX_INSTANCES)));
    expect(planned[0]).toBe(PLANNED_STACKS);
    expect(capacity).toContain(`${MAX_INSTANCES} instances`);
  });
});
