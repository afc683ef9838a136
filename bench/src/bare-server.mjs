// The floor of the ratio scenario: a bare node:http server answering every request with the fixed
// JSON body it is given (BENCH_BARE_BODY: the bytes of the authenticated GET /api/v1/user answer).
// Started by the bench in its own process; tells the bench its port over IPC.
import http from 'node:http';

const body = Buffer.from(process.env.BENCH_BARE_BODY ?? '{}');
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : null });
});

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
