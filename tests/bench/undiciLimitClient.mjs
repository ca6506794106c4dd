// The limit client of limitClient.mjs on undici instead of node:http: undici's `request` through a
// keep-alive Agent, `concurrency` requests in flight, each answer read to its end and not looked at.
// No checks, no records: the least a client on undici (the platform client's stack) spends per
// invoke, for the runs bench (runs.ts) and profileRun.mjs to set beside ours and the node:http floor.
//   node undiciLimitClient.mjs URL COUNT CONCURRENCY KEY
import { Agent, request } from 'undici';

const [url, countText, concurrencyText, key] = process.argv.slice(2);
const count = Number(countText);
const concurrency = Number(concurrencyText);
const dispatcher = new Agent({ connections: concurrency });

async function invoke(index) {
  const body = JSON.stringify({
    text: `Where is order ${index} please`,
    payload: { customer_name: `Customer ${index}`, order_id: `NW-${10_000 + index}` },
  });
  const response = await request(url, {
    dispatcher,
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  await response.body.dump();
}

let next = 0;
async function worker() {
  while (next < count) await invoke(next++);
}

await Promise.all(Array.from({ length: concurrency }, worker));
await dispatcher.close();
