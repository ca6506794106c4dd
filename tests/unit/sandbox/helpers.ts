/**
 * Shared helpers for the Sandbox tests: plain fetch calls shaped like a client's, so the
 * tests read as "what a client sends and sees".
 */
import type { SandboxServer } from '../../../electron/sandbox/server';

export interface Reply {
  status: number;
  headers: Headers;
  /** The parsed JSON body; the helpers fail loudly if the body is not JSON. */
  json: Record<string, unknown>;
}

async function toReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error(`Expected a JSON body, got ${response.status}: ${text.slice(0, 200)}`);
  }
  return { status: response.status, headers: response.headers, json };
}

/** POSTs to the invoke endpoint. `body` is sent as is when a string, else JSON-encoded. */
export async function invoke(
  server: SandboxServer,
  agentId: string,
  body: unknown,
  init: { key?: string | null; headers?: Record<string, string>; path?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
  const key = init.key === undefined ? server.apiKey : init.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(`${server.url}${init.path ?? `/api/agent/${agentId}/invoke/`}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return toReply(response);
}

/** GETs a guideline (or any path, with `method`). */
export async function request(
  server: SandboxServer,
  path: string,
  init: { key?: string | null; method?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  const key = init.key === undefined ? server.apiKey : init.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const response = await fetch(`${server.url}${path}`, { method: init.method ?? 'GET', headers });
  return toReply(response);
}
