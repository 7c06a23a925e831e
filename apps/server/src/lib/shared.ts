/**
 * What the instances of one shop share besides the database: with Redis (REDIS_URL) a broadcast
 * that every instance hears, short locks and rate-limit counters; without it the same interfaces
 * work in this process only, which is all a single instance needs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { lazyRequire } from './lazy-require.ts';

/** ioredis, loaded only when REDIS_URL is set. */
const ioredis = lazyRequire<typeof import('ioredis')>('ioredis');

/** Messages to every instance of the shop (this one included). */
export interface Bus {
  /**
   * Runs this instance's handlers of `channel` at once and sends the message to the other
   * instances; a reply sent after this call is sent only once the message has reached Redis.
   */
  publish(channel: string, message: string): void;
  /** Handles the messages of `channel` (handlers run synchronously, in the order published). */
  subscribe(channel: string, handler: (message: string) => void): void;
  /**
   * Resolves once every message published (on any instance) before the call has been handled
   * here; undefined when there is nothing to wait for (no Redis, or Redis unreachable).
   */
  settled(): Promise<void> | undefined;
  /** Resolves once this instance's messages published so far have reached Redis; undefined when none are on their way. */
  flushed(): Promise<void> | undefined;
}

/** Short locks shared by the instances: a name held until its time runs out or it is released. */
export interface Locks {
  /** Takes `name` for `ttlMs` unless another holder has it; the release function, or null. */
  acquire(name: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
}

export interface Shared {
  /** The command connection to Redis, or null without REDIS_URL. */
  redis: Redis | null;
  /** The prefix of every key and channel this shop uses in Redis. */
  prefix: string;
  bus: Bus;
  locks: Locks;
  /**
   * Whether Redis answers (a PING within the command timeout; a silent Redis is reconnected, and
   * meanwhile its work falls back), or null without Redis: for /healthz.
   */
  redisHealth(): Promise<'ok' | 'unavailable' | null>;
  /** Resolves once the subscriptions of the bus are in place (before the instance takes requests). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The bus of a single instance: handlers run at once, nothing else to wait for. */
class LocalBus implements Bus {
  protected readonly handlers = new Map<string, ((message: string) => void)[]>();

  publish(channel: string, message: string): void {
    this.deliver(channel, message);
  }

  subscribe(channel: string, handler: (message: string) => void): void {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }

  protected deliver(channel: string, message: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(message);
  }

  settled(): Promise<void> | undefined {
    return undefined;
  }

  flushed(): Promise<void> | undefined {
    return undefined;
  }
}

/**
 * The bus over Redis pub/sub. `settled` sends a PING on the subscriber connection: Redis answers it
 * after every message published before it, on the same connection, so once the PONG is back every
 * such message has been handled. Concurrent callers share PINGs (each waits for one sent after it
 * called), so a burst of requests costs one round trip or two, not one each.
 */
class RedisBus extends LocalBus {
  #inFlight: Promise<void> | null = null;
  #next: Promise<void> | null = null;
  readonly #sending = new Set<Promise<unknown>>();
  readonly #subscribing: Promise<unknown>[] = [];

  constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    sub.on('message', (channel: string, message: string) => {
      if (channel.startsWith(prefix)) this.deliver(channel.slice(prefix.length), message);
    });
  }

  override publish(channel: string, message: string): void {
    this.deliver(channel, message);
    if (this.pub.status !== 'ready') {
      this.log.warn({ channel }, 'Redis is not connected: other instances see the change when their caches expire');
      return;
    }
    const sent = this.pub.publish(this.prefix + channel, message).catch((err) => this.log.warn({ err, channel }, 'Redis publish failed'));
    this.#sending.add(sent);
    void sent.finally(() => this.#sending.delete(sent));
  }

  override subscribe(channel: string, handler: (message: string) => void): void {
    // Failures are kept (not left unhandled) and reported by `subscribed`.
    if (!this.handlers.has(channel)) this.#subscribing.push(this.sub.subscribe(this.prefix + channel).catch((err: Error) => err));
    super.subscribe(channel, handler);
  }

  /** Resolves once Redis has confirmed every subscription made so far. */
  async subscribed(): Promise<void> {
    const failed = (await Promise.all(this.#subscribing)).find((r) => r instanceof Error);
    if (failed) throw failed;
  }

  override settled(): Promise<void> | undefined {
    if (this.sub.status !== 'ready') return undefined;
    if (this.#next) return this.#next;
    if (!this.#inFlight) return this.#ping();
    this.#next = this.#inFlight.then(() => {
      this.#next = null;
      return this.#ping();
    });
    return this.#next;
  }

  #ping(): Promise<void> {
    const p = this.sub
      .ping()
      .then(
        () => {},
        (err) => this.log.warn({ err }, 'Redis ping failed'),
      )
      .finally(() => {
        if (this.#inFlight === p) this.#inFlight = null;
      });
    this.#inFlight = p;
    return p;
  }

  override flushed(): Promise<void> | undefined {
    return this.#sending.size === 0 ? undefined : Promise.all(this.#sending).then(() => {});
  }
}

/** Locks of this process only (a single instance), timed by the real clock. */
class LocalLocks implements Locks {
  readonly #held = new Map<string, number>();

  async acquire(name: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const now = Date.now();
    const until = this.#held.get(name);
    if (until !== undefined && until > now) return null;
    // Locks left to run out (a job's time slot) are dropped once past.
    if (this.#held.size >= 1_000) for (const [n, u] of this.#held) if (u <= now) this.#held.delete(n);
    const mine = now + ttlMs;
    this.#held.set(name, mine);
    return async () => {
      if (this.#held.get(name) === mine) this.#held.delete(name);
    };
  }
}

/** Deletes a lock only if it is still the holder's (its random token). */
const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Locks in Redis; while Redis does not answer, this instance's own locks instead (a lock then holds
 * on this instance only: the job slots and the card-speed calls that use them are safe to run on
 * two instances at once, they only run more often than needed meanwhile).
 */
class RedisLocks implements Locks {
  readonly #local = new LocalLocks();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async acquire(name: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    if (this.redis.status !== 'ready') return this.#local.acquire(name, ttlMs);
    const key = `${this.prefix}lock:${name}`;
    const token = crypto.randomUUID();
    let taken: string | null;
    try {
      taken = await this.redis.set(key, token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
    } catch (err) {
      this.log.warn({ err, lock: name }, 'Redis did not take the lock: this instance holds it alone meanwhile');
      return this.#local.acquire(name, ttlMs);
    }
    if (taken !== 'OK') return null;
    return async () => {
      // A lock that cannot be released runs out at its time.
      await this.redis.eval(UNLOCK, 1, key, token).catch(() => {});
    };
  }
}

/** How long a Redis command may wait for its answer (REDIS_COMMAND_TIMEOUT_MS) unless configured. */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** The same while the instance starts. */
const STARTUP_COMMAND_TIMEOUT_MS = 10_000;

/**
 * A command that gets no answer within the command timeout means a Redis that accepts connections
 * but does not answer: the connection is dropped and opened again, and until Redis answers its
 * handshake (the ready check) the connection is not ready, so every user of it falls back at once
 * (rate limits let requests through, counters count in the database, the bus stops waiting, locks
 * are this instance's) instead of each request waiting out its own timeout.
 */
function reconnectWhenSilent(connection: Redis, name: string, log: FastifyBaseLogger): void {
  const send = connection.sendCommand.bind(connection);
  /** ioredis counts its connections; a late timeout of a command sent on an earlier one says nothing of the current one. */
  const epoch = () => (connection as unknown as { connectionEpoch: number }).connectionEpoch;
  // A command is sent again after a reconnect (the connection's queue is replayed) with the timer of
  // its first sending: it is watched once, as of that first connection.
  const watched = new WeakSet<object>();
  connection.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: Parameters<Redis['sendCommand']>[1]) => {
    const first = !watched.has(command);
    watched.add(command);
    const sentOn = connection.status === 'ready' ? epoch() : undefined;
    const result = send(command, stream);
    if (first)
      command.promise.catch((err: Error) => {
        if (err?.message !== 'Command timed out' || sentOn === undefined || sentOn !== epoch() || connection.status !== 'ready') return;
        log.warn({ connection: name }, 'Redis does not answer: reconnecting; meanwhile this instance works without it');
        connection.disconnect(true);
      });
    return result;
  }) as Redis['sendCommand'];
}

/** Opens the shared parts: over Redis when `redis` is given, else in process. */
export async function openShared(
  redis: { url: string; prefix: string; commandTimeoutMs?: number } | null,
  log: FastifyBaseLogger,
): Promise<Shared> {
  if (!redis) {
    return {
      redis: null,
      prefix: '',
      bus: new LocalBus(),
      locks: new LocalLocks(),
      redisHealth: async () => null,
      ready: async () => {},
      close: async () => {},
    };
  }
  // Commands fail at once while Redis is away (no queue to wait in) and after the command timeout
  // when it does not answer: a request is never held up by it, and the in-process fallbacks (cache
  // expiry, counters in the database) hold meanwhile.
  // Until the instance is ready the timeout is a start-up's (the first commands' answers wait while
  // the modules register, which keeps the process busy); then the configured one.
  const options = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: STARTUP_COMMAND_TIMEOUT_MS,
    connectTimeout: STARTUP_COMMAND_TIMEOUT_MS,
  };
  const { Redis } = ioredis();
  const pub = new Redis(redis.url, options);
  const sub = new Redis(redis.url, { ...options, enableOfflineQueue: true });
  for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err }, 'Redis connection error'));
  reconnectWhenSilent(pub, 'commands', log);
  reconnectWhenSilent(sub, 'subscriber', log);
  await Promise.all([pub.connect(), sub.connect()]);
  const bus = new RedisBus(pub, sub, redis.prefix, log);
  return {
    redis: pub,
    prefix: redis.prefix,
    bus,
    locks: new RedisLocks(pub, redis.prefix, log),
    redisHealth: async () => {
      if (pub.status !== 'ready' || sub.status !== 'ready') return 'unavailable';
      const answered = await Promise.all([pub.ping(), sub.ping()]).then(
        () => true,
        () => false,
      );
      return answered ? 'ok' : 'unavailable';
    },
    ready: async () => {
      await bus.subscribed();
      for (const c of [pub, sub]) c.options.commandTimeout = redis.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS;
    },
    close: async () => {
      await Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]);
    },
  };
}
