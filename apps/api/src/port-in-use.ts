import { createServer } from 'node:net';

/** Whether another process listens on host:port (port 0 is never in use). */
export const isPortInUse = (host: string, port: number): Promise<boolean> =>
  port === 0
    ? Promise.resolve(false)
    : new Promise((resolve) => {
        const probe = createServer();
        probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
        probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(false)));
      });

export const portInUseMessage = (host: string, port: number): string =>
  `Port ${port} on ${host} is already in use (another PayKit API?): stop that process, or start this one with another PORT, e.g. PORT=${port + 1}.`;
