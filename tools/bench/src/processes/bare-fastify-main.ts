import Fastify from 'fastify';

/**
 * The baseline server, in a process of its own: bare Fastify 5 answering, for GET and POST,
 * the JSON body it was given for each path (a JSON object of path to body, read from stdin).
 * Prints `{"port": N}` once it listens; SIGTERM closes it.
 */
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const bodies = new Map(Object.entries(JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>));

const server = Fastify({ logger: false });
server.route({
  method: ['GET', 'POST'],
  url: '/*',
  handler: async (request) => bodies.get(request.url.split('?')[0]!) ?? {},
});
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
