/**
 * A TCP proxy for fault tests: a server or client sees the real PostgreSQL or Redis through it, and
 * the test makes the far side fail as production does: `cut` drops every connection and refuses new
 * ones (a restart, a crash), `silence` keeps accepting and reading but answers nothing (a hung or
 * paused server), `restore` forwards again, delivering what was held back in order.
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'cut' | 'silent';

export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  readonly mode: ProxyMode;
  cut(): void;
  silence(): void;
  restore(): void;
  close(): Promise<void>;
}

/** The first port of `first`..`last` that takes a listener. */
export async function listenInRange(server: net.Server, first = 18200, last = 18299): Promise<number> {
  const start = first + Math.floor(Math.random() * (last - first + 1));
  for (let i = 0; i <= last - first; i++) {
    const port = first + ((start - first + i) % (last - first + 1));
    const ok = await new Promise<boolean>((resolve) => {
      const fail = () => resolve(false);
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', fail);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${first}-${last}`);
}

/** A proxy on 127.0.0.1 (a port of 18200-18299) to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const open = new Set<net.Socket>();
  /** What silent connections hold back, delivered in order on `restore` (as a paused server answers once it runs again). */
  const held: (() => void)[] = [];
  const track = (s: net.Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
    s.on('error', () => {});
  };
  const pass = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (mode === 'forward') to.write(chunk);
      else if (mode === 'silent') held.push(() => to.write(chunk));
    });
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    pass(client, upstream);
    pass(upstream, client);
  });
  const port = await listenInRange(server);
  return {
    port,
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get mode() {
      return mode;
    },
    cut() {
      mode = 'cut';
      held.length = 0;
      for (const s of open) s.destroy();
    },
    silence() {
      mode = 'silent';
    },
    restore() {
      mode = 'forward';
      for (const deliver of held.splice(0)) deliver();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
