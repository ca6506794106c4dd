// A loopback agent that answers every invoke at once, run as its own process so the CPU a bench
// measures in its own process is the client's alone (invokeCpu.ts). Echoes the question as the
// slow agent does (slowAgent.ts), with the headers a small real server sends. Prints its URL.
//   node instantAgent.mjs
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let text = '';
    try {
      text = String(JSON.parse(Buffer.concat(chunks).toString('utf8')).text ?? '');
    } catch {
      // An unreadable question gets an empty answer; the client's check fails it.
    }
    const body = JSON.stringify({ answer: `You asked: ${text}`, duration: '0ms' });
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': String(Math.random()).slice(2),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`http://127.0.0.1:${server.address().port}\n`));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
