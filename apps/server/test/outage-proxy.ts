import { connect, createServer, type Server, type Socket } from 'node:net';

/** A database reached through a proxy that can be cut and restored, to play an outage. */
export interface OutageProxy {
  /** The database's address through the proxy. */
  url: string;
  /** Closes every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
}

/** A TCP proxy in front of PostgreSQL that can be cut and restored, to play a database outage. */
export async function outageProxy(target: URL): Promise<OutageProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  await start();
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.href,
    cut: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
    restore: start,
  };
}
