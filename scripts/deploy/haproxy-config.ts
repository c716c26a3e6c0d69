/**
 * The configuration of Debian's `haproxy` in front of the portal instances (ADR 230): round robin, health checks on
 * each instance's operations port (`GET /readyz`), the client's forwarding headers replaced by its own, a request
 * that could not reach an instance sent to another one, and the build's scripts kept in its cache. `npm run
 * deploy:config` writes it into deploy/ (scripts/deploy-config.ts), and the lab's cluster runs the same generator
 * (lab/services/haproxy.ts), so what is deployed is what the lab's tests check.
 */
import { SHARED_PAGE_PATHS } from '../../bff/server/shared-pages.server';
/** The paths the balancer may keep: the build's script names, nothing a portal could resolve to another path. */
export const ASSET_PATH = '^/assets/[A-Za-z0-9_-]+([.][A-Za-z0-9_-]+)*$';
/** A dictation's autosave (`POST /dictation/{code}/text`), a write the balancer may send twice. */
export const AUTOSAVE_PATH = '^/dictation/[A-Za-z0-9_-]+/text$';
/**
 * The writing page's own form without JavaScript (`POST /dictation/{code}`), the other write it may send twice:
 * «Сохранить» carries the whole text and its revision as the autosave does, «Начать диктант» keeps a clock already
 * started, and a «Завершить» sent twice finds the dictation submitted and sends the writer to the page that says so.
 */
export const DICTATION_FORM_PATH = '^/dictation/[A-Za-z0-9_-]+$';

/** The session cookies' names as the portal forms them by default (bff/config.server.ts), with and without `__Host-`. */
export const SESSION_COOKIES = ['vptk', 'rvptk', '__Host-vptk', '__Host-rvptk'];

export interface Backend {
  name: string;
  /**
   * Where the balancer reaches the instance: 127.0.0.1 by default, its host's address on the namespace hosts and in
   * deploy/systemd.
   */
  address?: string;
  port: number;
  /** The instance's operations port (METRICS_PORT), where the balancer asks `/readyz` and `/livez`. */
  checkPort: number;
}

/** The probes the balancer asks on each instance's operations port (bff/server/metrics-server.server.ts). */
export const READINESS_PATH = '/readyz';
export const LIVENESS_PATH = '/livez';

/**
 * TCP_USER_TIMEOUT of the connections to an instance: a request sent to a host gone silent, never acknowledged,
 * fails after 3 s and is replayed on another instance, instead of being retransmitted until `timeout server` (a
 * 504) or until the host is heard again (the deaf host's requests were answered 50 s late). It is written on each
 * server line: haproxy 2.6 takes it only from a line whose address is an IPv4 or IPv6 one when it is read, so on
 * `default-server` (no address) and on a template of a DNS name it is accepted and silently ignored. The template
 * names its family (`ipv4@`) for that reason; an IPv6-only cluster writes `ipv6@`.
 */
const USER_TIMEOUT = 'tcp-ut 3s';

/**
 * The DNS answer size the edge announces (EDNS): haproxy 2.6's advice for UDP is at most 8192. An answer of n IPv4
 * addresses is 12 + the question + 16 n bytes (+ 11 for EDNS's record), so it holds every slot up to
 * `maxDiscoverySlots` (lab/tests/deploy.test.ts checks the Kubernetes slots fit).
 */
export const DNS_PAYLOAD_BYTES = 8192;
/** The addresses one answer of `DNS_PAYLOAD_BYTES` holds for a name of `fqdn`. */
export function maxDiscoverySlots(fqdn: string): number {
  const question = fqdn.length + 2 + 4;
  return Math.floor((DNS_PAYLOAD_BYTES - 12 - question - 11) / 16);
}

/** The balancer's backends: every instance is a server in each, named the same. */
export const BACKENDS = ['reads', 'pages', 'writes', 'fallback'] as const;

/**
 * Three backends over the same instances: reads are retried on another instance when the first one died before
 * answering (a repeated GET changes nothing), writes only when their connection failed, i.e. when the request
 * never reached an instance, since repeating a form post could act twice; the shared public pages go
 * by their path, each to one instance. `track` makes the other backends' servers follow the reads' health
 * checks, so each instance is checked once.
 */
export function haproxyConfig(options: {
  port: number;
  host?: string;
  /** A Unix socket it listens on as well, for a forward from another network namespace. */
  unixSocket?: string;
  backends: Backend[];
  /** The statistics page (`/stats`) and the Prometheus exporter (`/metrics`), on loopback only. */
  statsPort?: number;
  /** The runtime API's socket (`set server … state maint`), readable by this user only. */
  adminSocket?: string;
  /** A request carrying any of these cookies never gets nor leaves a shared page (default SESSION_COOKIES). */
  sessionCookies?: string[];
  /** Requests one instance is given at once; past it they wait in the balancer's queue (default 64). */
  instanceMaxconn?: number;
  /**
   * Instead of `backends`, the instances found by DNS (Kubernetes: a headless Service publishing not-ready
   * addresses too, so that the fallback still finds them): up to `slots` servers named `portal1…`, each checked
   * by every backend itself (a template cannot track another backend's server).
   */
  discovery?: { fqdn: string; slots: number; port: number; checkPort: number };
  /**
   * A frontend on every address for the orchestrator and Prometheus (Kubernetes): `/readyz` answers 503 while no
   * instance is alive in the fallback (an edge that has found no instance takes no client), `/metrics` the
   * exporter; anything else is refused. The statistics page stays on loopback.
   */
  operationsPort?: number;
  /** A plain-HTTP port on the public frontend's address whose every request is redirected to https (301). */
  redirectPort?: number;
  /** Connections the public frontend takes at once (default 4000); idle keep-alive ones count. */
  frontendMaxconn?: number;
  /**
   * Where haproxy logs (`stdout format raw local0`, `/dev/log local0`); none by default. A line names the method,
   * status, timings, bytes and server, never the path nor the query: `/dictation/{code}` and the other capability
   * paths (bff/log.server.ts) and an e-mail in a query stay out of the balancer's logs by construction.
   */
  log?: string;
  /** A certificate (PEM with its key) for TLS on the public bind; plain HTTP without one (local runs). */
  tlsCertificate?: string;
  /**
   * One stack of several (ADR 232): a browser belongs to the stack whose name its cookie `cookie` carries, set
   * by the stack that first served it. A request naming another stack is relayed to that stack's edge (its
   * `relayPort`, plain HTTP, the forwarding headers as this edge wrote them) while that edge is ready; anything
   * else is served here and the answer names this stack.
   */
  stacks?: {
    self: string;
    cookie: string;
    relayPort: number;
    /**
     * The other stacks' edges: an address that reaches a ready edge pod of each (a Service), their relay port and
     * operations port (`/readyz`).
     */
    peers: { name: string; address: string; port: number; checkPort: number }[];
  };
}): string {
  const sessionCookies = options.sessionCookies ?? SESSION_COOKIES;
  const { discovery, stacks } = options;
  // A relayed request's forwarding headers are the relaying edge's, kept as they are.
  const unlessRelayed = stacks ? ` unless { dst_port ${stacks.relayPort} }` : '';
  const servers = (track: boolean) =>
    discovery
      ? [
          `  server-template portal 1-${discovery.slots} ipv4@${discovery.fqdn}:${discovery.port} resolvers cluster init-addr none check port ${discovery.checkPort} ${USER_TIMEOUT}`,
        ]
      : options.backends.map(
          (b) =>
            `  server ${b.name} ${b.address ?? '127.0.0.1'}:${b.port}${track ? ` track reads/${b.name}` : ` check port ${b.checkPort}`} ${USER_TIMEOUT}`,
        );
  const readiness = [
    '  option httpchk',
    `  http-check send meth GET uri ${READINESS_PATH}`,
    '  http-check expect status 200',
  ];
  // Tracked servers follow the reads' checks; templated ones are checked by each backend.
  const ownChecks = discovery ? readiness : [];
  const global = [
    ...(options.adminSocket ? [`  stats socket ${options.adminSocket} mode 600 level admin`] : []),
    ...(options.log ? [`  log ${options.log}`] : []),
    // Room for the public frontend's connections and the checks', past haproxy's own default.
    ...(options.frontendMaxconn ? [`  maxconn ${options.frontendMaxconn + 1000}`] : []),
  ];
  return [
    ...(global.length ? ['global', ...global, ''] : []),
    // The cluster's DNS (CoreDNS) answers UDP in 512 bytes unless the question says more (EDNS), and a longer answer
    // comes truncated: 512 bytes hold about 28 addresses, and haproxy keeps none of a truncated answer. Announcing
    // `DNS_PAYLOAD_BYTES` makes one answer hold every slot (lab/tests/edge-dns.test.ts, against a server that
    // truncates as CoreDNS does). An answer is asked for every second, so a scale-out is seen within seconds.
    ...(discovery
      ? [
          'resolvers cluster',
          '  parse-resolv-conf',
          `  accepted_payload_size ${DNS_PAYLOAD_BYTES}`,
          '  resolve_retries 3',
          '  timeout resolve 1s',
          '  timeout retry 1s',
          '  hold valid 10s',
          '  hold nx 10s',
          '  hold obsolete 10s',
          '',
        ]
      : []),
    'defaults',
    '  mode http',
    ...(options.log
      ? [
          '  log global',
          // Client, time, method, status, bytes, total time, backend/server, termination state: no path, no query.
          '  log-format "%ci:%cp [%tr] %HM %ST %B %Ta %b/%s %tsc %ac/%fc/%bc/%sc/%rc"',
        ]
      : []),
    '  timeout connect 2s',
    // Longer than the portal's own upstream timeout with its retries, shorter than the client's patience.
    '  timeout server 60s',
    '  timeout client 65s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    // Past `instanceMaxconn` requests at once an instance's requests wait here, not in its listen backlog.
    '  timeout queue 15s',
    '  retries 3',
    '  option redispatch 1',
    // A busy instance answers /readyz late, not never: taking it out would only load the others more (the day's
    // bench took all three out at once with shorter checks). A dead or stopping one refuses connections: ten in
    // a row take it out, and each refused request is sent to another instance meanwhile (redispatch). Once a
    // check has failed the next ones come every half second (`fastinter`): an instance that answers 503 (it is
    // stopping, or cut off from Redis) is out about 2.5 s later, one that is only slow still takes five
    // checks of up to 5 s each.
    '  timeout check 5s',
    `  default-server inter 2s fastinter 500ms fall 5 rise 2 observe layer4 error-limit 10 on-error mark-down maxconn ${options.instanceMaxconn ?? 64}`,
    // A host that goes silent (a kernel panic, a switch port, a partition: no reset, no refusal) leaves its
    // connections open with nothing coming back. What was sent and not acknowledged fails after 3 s (`tcp-ut` on
    // each server line, USER_TIMEOUT above), and a request that waits on a connection gone quiet fails once three
    // keepalive probes a second apart go unanswered: the request then counts as one that got no answer
    // (`empty-response`), which the reads, the autosave and the writing form are sent again for, to another
    // instance. Without them such a request waited out `timeout server` for a 504. A busy instance still answers
    // the probes from its kernel: only silence ends a connection.
    '  option srvtcpka',
    '  srvtcpka-idle 1s',
    '  srvtcpka-intvl 1s',
    '  srvtcpka-cnt 3',
    '',
    // The build's scripts are the same bytes for everyone and never change under their name: the
    // balancer keeps them in memory, one entry per encoding the browsers ask for, so a first visit's dozen
    // scripts cost the instances nothing after the first one.
    'cache assets',
    '  total-max-size 64',
    '  max-object-size 1048576',
    '  max-age 86400',
    '  process-vary on',
    '',
    // The public pages of a visitor without a session (ADR 227): the portal marks them `public, s-maxage=5`, which
    // is how long each copy is kept (the lower of s-maxage and this max-age), one per encoding.
    'cache pages',
    '  total-max-size 16',
    '  max-object-size 1048576',
    '  max-age 5',
    '  process-vary on',
    '',
    // The operators' view: never on the public frontend, always on loopback; nothing is logged for it.
    ...(options.statsPort
      ? [
          'frontend stats',
          `  bind 127.0.0.1:${options.statsPort}`,
          '  http-request use-service prometheus-exporter if { path /metrics }',
          '  stats enable',
          '  stats uri /stats',
          '  stats refresh 5s',
          '',
        ]
      : []),
    ...(options.operationsPort
      ? [
          'frontend operations',
          `  bind 0.0.0.0:${options.operationsPort}`,
          `  http-request return status 503 content-type text/plain string "no instance" if { path ${READINESS_PATH} } { nbsrv(fallback) eq 0 }`,
          `  http-request return status 200 content-type text/plain string "ready" if { path ${READINESS_PATH} }`,
          '  http-request use-service prometheus-exporter if { path /metrics }',
          '  http-request deny',
          '',
        ]
      : []),
    'frontend portal',
    `  bind ${options.host ?? '127.0.0.1'}:${options.port}${options.tlsCertificate ? ` ssl crt ${options.tlsCertificate} alpn h2,http/1.1` : ''}`,
    ...(options.unixSocket ? [`  bind unix@${options.unixSocket} mode 600`] : []),
    ...(stacks ? [`  bind ${options.host ?? '127.0.0.1'}:${stacks.relayPort}`] : []),
    ...(options.redirectPort
      ? [
          `  bind ${options.host ?? '127.0.0.1'}:${options.redirectPort}`,
          `  http-request redirect scheme https code 301 unless { ssl_fc }${stacks ? ` || { dst_port ${stacks.relayPort} }` : ''}`,
        ]
      : []),
    // Every open connection counts, idle keep-alive ones too: a writer's page keeps one (docs/capacity.md).
    `  maxconn ${options.frontendMaxconn ?? 4000}`,
    // Whatever a client wrote in these is discarded; the portal trusts the balancer's values only (TRUST_PROXY).
    `  http-request del-header X-Forwarded-For${unlessRelayed}`,
    `  http-request del-header X-Forwarded-Proto${unlessRelayed}`,
    `  http-request del-header X-Forwarded-Host${unlessRelayed}`,
    `  http-request del-header Forwarded${unlessRelayed}`,
    stacks ? '  option forwardfor if-none' : '  option forwardfor',
    '  http-request set-header X-Forwarded-Proto https if { ssl_fc }',
    `  http-request set-header X-Forwarded-Proto http if !{ ssl_fc }${stacks ? ` !{ dst_port ${stacks.relayPort} }` : ''}`,
    `  http-request set-header X-Forwarded-Host %[req.hdr(host)]${unlessRelayed}`,
    // A request that names no encoding takes what it is given, by the letter of HTTP, and the caches' `process-vary`
    // reads it so: it would get a stored brotli copy that a client without brotli cannot read (issue 36). Naming
    // `identity` for it makes it match only an uncompressed copy, and the instance answers it uncompressed.
    '  http-request set-header Accept-Encoding identity unless { req.fhdr(accept-encoding) -m reg [a-zA-Z*] }',
    // A listed page as sent (the whole URL: no query string, not even `?`), read by a request without a session
    // cookie: only such a request gets or leaves the shared copy. A signed-in visitor's request passes
    // by the cache altogether (Vary could not tell sessions apart).
    `  acl shared_page url -m str ${SHARED_PAGE_PATHS.join(' ')}`,
    ...sessionCookies.map((name) => `  acl session_cookie req.cook_cnt(${name}) gt 0`),
    ...(stacks
      ? [
          // The stack a browser belongs to keeps its session's state (ended sessions, limits, the refresh lock
          // in that stack's Redis): its requests go there, through that stack's edge, while it is ready. Once
          // relayed, a request is served where it arrives (no second hop).
          `  http-request set-var(txn.stack) req.cook(${stacks.cookie})`,
          ...stacks.peers.map(
            (peer) =>
              `  http-request set-var(txn.relay) str(${peer.name}) if { var(txn.stack) -m str ${peer.name} } { nbsrv(stack_${peer.name}) gt 0 } !{ dst_port ${stacks.relayPort} }`,
          ),
          // Served here: the browser belongs here from now on (a stack gone or unknown is replaced by this one).
          `  http-after-response add-header Set-Cookie "${stacks.cookie}=${stacks.self}; Path=/; Max-Age=2592000; Secure; HttpOnly; SameSite=Lax" if !{ var(txn.relay) -m found } !{ var(txn.stack) -m str ${stacks.self} }`,
        ]
      : []),
    ...(stacks?.peers.map((peer) => `  use_backend stack_${peer.name} if { var(txn.relay) -m str ${peer.name} }`) ??
      []),
    // Every instance not ready at once is a dependency lost by all (Redis, the upstream), not an instance gone:
    // the fallback, checked on liveness, keeps the public pages answering and signed-in pages refusing clearly,
    // where an empty pool would answer 503 to everyone.
    '  use_backend fallback if { nbsrv(reads) eq 0 }',
    '  use_backend pages if METH_GET shared_page !session_cookie',
    '  use_backend pages if METH_HEAD shared_page !session_cookie',
    '  use_backend reads if METH_GET or METH_HEAD',
    // A dictation's autosave is replayable: it carries the whole text and its revision, and the upstream takes the
    // same revision twice as one save. So an instance that dies mid-save costs the writer nothing: the save is
    // sent again to another, as a read is (the bench's faulted day, lab/bench/day-faults.ts).
    `  use_backend reads if METH_POST { path_reg ${AUTOSAVE_PATH} }`,
    `  use_backend reads if METH_POST { path_reg ${DICTATION_FORM_PATH} }`,
    '  default_backend writes',
    '',
    'backend reads',
    '  balance roundrobin',
    ...readiness,
    // A 503 from one instance is about that instance (it cannot reach Redis to check a session: cut off
    // from the data hosts, until its readiness takes it out), so a read answered 503 is asked of another one.
    // With Redis lost for every instance, none is ready and the fallback below answers, without this.
    '  retry-on conn-failure empty-response 503',
    // Only a name shaped like the build's files (flat, letters, digits, `-`, `_`, inner dots): the portal resolves
    // `..`, `%2e` and `\` in a path as a browser does, so `/assets/../banners/1/image` is a banner, which a
    // prefix rule would store under a script's rule (issue 25). Anything else passes through, never stored.
    `  http-request set-var(txn.asset) bool(true) if { path_reg ${ASSET_PATH} }`,
    '  http-request cache-use assets if { var(txn.asset) -m bool }',
    '  http-response cache-store assets if { var(txn.asset) -m bool } { status 200 }',
    ...servers(false),
    '',
    // Every miss of one page goes to the same instance (by its path, consistent when one is down), which renders
    // it once for all the requests that missed together. A client's `Cache-Control: no-cache` (a forced reload)
    // is not a reason to render it again: the copy is seconds old. Only what the portal marked public, a 200
    // setting no cookie, is stored.
    'backend pages',
    '  balance uri',
    '  hash-type consistent',
    '  retry-on conn-failure empty-response',
    '  http-request del-header Cache-Control',
    '  http-request del-header Pragma',
    '  http-request cache-use pages',
    '  http-response cache-store pages if { status 200 } { res.fhdr(cache-control) -m beg public, } !{ res.hdr_cnt(set-cookie) gt 0 }',
    ...ownChecks,
    ...servers(true),
    '',
    'backend writes',
    '  balance roundrobin',
    '  retry-on conn-failure',
    ...ownChecks,
    ...servers(true),
    '',
    // The same instances, checked on liveness only: used while none is ready (above). A request that never
    // reached an instance goes to another, nothing else is repeated.
    'backend fallback',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${LIVENESS_PATH}`,
    '  http-check expect status 200',
    '  retry-on conn-failure',
    ...servers(false),
    '',
    // Another stack's edges: the request is theirs to serve (their own queue, retries and instances). Only a
    // request that never reached them is sent again; an edge that is not ready (no instance alive) takes none.
    ...(stacks?.peers.flatMap((peer) => [
      `backend stack_${peer.name}`,
      ...readiness,
      '  retry-on conn-failure',
      // Longer than the other edge's queue and server timeouts together: its answer, not ours, says how it ended.
      '  timeout server 80s',
      `  server edge ${peer.address}:${peer.port}${discovery ? ' resolvers cluster init-addr none' : ''} check port ${peer.checkPort} maxconn ${options.frontendMaxconn ?? 4000}`,
      '',
    ]) ?? []),
  ].join('\n');
}
