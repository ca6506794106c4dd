// The limit client of the agent-latency bench (agentLimit.ts): the least a program can do to send
// the same invokes, run as its own process. node:http with a keep-alive agent, `concurrency`
// requests in flight, each answer read to its end and not looked at. No checks, no records.
//   node limitClient.mjs URL COUNT CONCURRENCY KEY
import http from 'node:http';

const [url, countText, concurrencyText, key] = process.argv.slice(2);
const count = Number(countText);
const concurrency = Number(concurrencyText);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function invoke(index) {
  const body = JSON.stringify({
    text: `Where is order ${index} please`,
    payload: { customer_name: `Customer ${index}`, order_id: `NW-${10_000 + index}` },
  });
  return new Promise((resolve, reject) => {
    const request = http.request(target, {
      method: 'POST',
      agent,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      response.on('data', () => undefined);
      response.on('end', resolve);
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

let next = 0;
async function worker() {
  while (next < count) await invoke(next++);
}

await Promise.all(Array.from({ length: concurrency }, worker));
agent.destroy();
