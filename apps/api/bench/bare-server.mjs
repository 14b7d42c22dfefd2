// The reference of the load bench (load.ts): a bare Fastify server that answers each path with
// a body it holds in memory, the same bytes Helder sent for it. No database, no validation, no
// permissions: what the API costs is what it takes beyond this.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES, 'utf8'));
const app = Fastify({ logger: false });
for (const path of new Set(Object.keys(bodies).map((url) => url.split('?')[0]))) {
  app.get(path, (request, reply) =>
    reply.type('application/json; charset=utf-8').send(bodies[request.url]),
  );
}
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
