import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  DEPLOY_PORTS,
  EDGE_MAXCONN,
  EDGE_OPERATIONS_PORT,
  MAX_INSTANCES,
  NAMESPACE,
} from '../../scripts/deploy-config';
import { root } from '../../scripts/processes';

/**
 * Issue 43: what `kubectl kustomize deploy/kubernetes` renders, the objects the cluster would get: a Namespace,
 * generated ConfigMaps whose hashed names the Deployments use (an edit rolls the pods), no `replicas` beside an
 * autoscaler, exact images, the NetworkPolicy admitting the portal's ports only from the edge and Prometheus, the
 * edge's readiness on its own `/readyz`, its TLS from cert-manager and its :80, and limits that agree with
 * docs/capacity.md.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML
type Yaml = any;
const rendered: Yaml[] = parseAllDocuments(
  execFileSync('kubectl', ['kustomize', path.join(root, 'deploy/kubernetes')], { encoding: 'utf8' }),
).map((document) => document.toJS());
const find = (kind: string, name: string) =>
  rendered.find((object) => object.kind === kind && object.metadata.name === name);
const portal = find('Deployment', 'portal');
const edge = find('Deployment', 'portal-edge');

describe('kubectl kustomize deploy/kubernetes', () => {
  it('puts everything in the portal Namespace, held to Pod Security "restricted"', () => {
    const namespace = find('Namespace', NAMESPACE);
    expect(namespace.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const object of rendered.filter((o) => o.kind !== 'Namespace')) {
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toBe(NAMESPACE);
    }
  });

  it('names the generated ConfigMaps by their hash, and the Deployments use those names', () => {
    const configMaps = rendered.filter((object) => object.kind === 'ConfigMap').map((o) => o.metadata.name);
    const config = configMaps.find((name: string) => name.startsWith('portal-config-'));
    const edgeConfig = configMaps.find((name: string) => name.startsWith('portal-edge-'));
    expect(config).toMatch(/^portal-config-[a-z0-9]{10}$/);
    expect(edgeConfig).toMatch(/^portal-edge-[a-z0-9]{10}$/);
    expect(portal.spec.template.spec.containers[0].envFrom).toEqual([{ configMapRef: { name: config } }]);
    expect(edge.spec.template.spec.volumes.find((v: Yaml) => v.name === 'config').configMap.name).toBe(edgeConfig);
  });

  it('leaves the count to the autoscalers: no replicas on a Deployment an HPA scales', () => {
    const scaled = rendered
      .filter((object) => object.kind === 'HorizontalPodAutoscaler')
      .map((hpa) => hpa.spec.scaleTargetRef.name);
    expect(scaled.sort()).toEqual(['portal', 'portal-edge']);
    for (const name of scaled) expect(find('Deployment', name).spec.replicas, name).toBeUndefined();
    expect(find('HorizontalPodAutoscaler', 'portal').spec.maxReplicas).toBe(MAX_INSTANCES);
  });

  it('pins every image to an exact version or a digest', () => {
    const images = rendered
      .filter((object) => object.spec?.template?.spec)
      .flatMap((object) => object.spec.template.spec.containers.map((c: Yaml) => c.image as string));
    expect(images.sort()).toEqual(['haproxy:2.6.12', 'registry.example.ru/portal:1.0.0']);
    for (const image of images) expect(image).toMatch(/(:\d+\.\d+\.\d+(-[a-z0-9.]+)?|@sha256:[0-9a-f]{64})$/);
  });

  it('admits the portal’s ports only from the edge and Prometheus; TRUST_PROXY believes one hop', () => {
    const policy = find('NetworkPolicy', 'portal');
    expect(policy.spec.podSelector.matchLabels).toEqual(portal.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    const rules = policy.spec.ingress as Yaml[];
    const from = (port: string) =>
      rules.filter((rule) => rule.ports.some((p: Yaml) => p.port === port)).flatMap((rule) => rule.from);
    const edgeSelector = { podSelector: { matchLabels: edge.spec.selector.matchLabels } };
    expect(from('http')).toEqual([edgeSelector]);
    expect(from('operations')).toHaveLength(2);
    expect(from('operations')).toContainEqual(edgeSelector);
    expect(from('operations')).toContainEqual(
      expect.objectContaining({ namespaceSelector: expect.anything(), podSelector: expect.anything() }),
    );
    for (const rule of rules) expect(rule.from?.length, 'every rule names its peers').toBeGreaterThan(0);
    const ports = Object.fromEntries(
      portal.spec.template.spec.containers[0].ports.map((p: Yaml) => [p.name, p.containerPort]),
    );
    expect(ports).toEqual({ http: DEPLOY_PORTS.public, operations: DEPLOY_PORTS.operations });
    const config = rendered.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('portal-config-'));
    expect(config.data.TRUST_PROXY).toBe('1');
  });

  it('the edge: ready on its own /readyz, its certificate from cert-manager, :80 to its redirect', () => {
    const container = edge.spec.template.spec.containers[0];
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'operations' });
    expect(container.ports.find((p: Yaml) => p.name === 'operations').containerPort).toBe(EDGE_OPERATIONS_PORT);
    const certificate = find('Certificate', 'portal-tls');
    const tlsVolume = edge.spec.template.spec.volumes.find((v: Yaml) => v.name === 'certificate');
    expect(certificate.spec.secretName).toBe(tlsVolume.secret.secretName);
    expect(certificate.spec.issuerRef.name).toBeTruthy();
    expect(certificate.spec.dnsNames.length).toBeGreaterThan(0);
    const service = find('Service', 'portal-edge');
    expect(service.spec.ports.map((p: Yaml) => [p.port, p.targetPort])).toEqual([
      [443, 'https'],
      [80, 'http'],
    ]);
    const edgeConfig = rendered.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('portal-edge-'));
    expect(edgeConfig.data['haproxy.cfg']).toContain(`  maxconn ${EDGE_MAXCONN}\n`);
  });
});
