import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importPostmanCollection, isPostmanCollection } from '../../../../electron/shared/runs/postman';
import { checkSuiteShape } from '../../../../electron/core/runs/suiteValidate';

/** The example collection, as Postman 10 and later export one (tabs, `packages`, `_exporter_id`). */
const EXPORTED = JSON.parse(
  readFileSync(new URL('../../../../examples/runs/orders.postman_collection.json', import.meta.url), 'utf8'),
) as unknown;
const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const AGENT = '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73';

/** A collection of one request to the invoke endpoint, with these parts. */
function oneRequest(parts: { body?: unknown; tests?: string[]; url?: unknown; method?: string; header?: unknown[] } = {}) {
  return {
    info: { name: 'One', schema: SCHEMA },
    item: [
      {
        name: 'ask',
        ...(parts.tests ? { event: [{ listen: 'test', script: { exec: parts.tests, type: 'text/javascript' } }] } : {}),
        request: {
          method: parts.method ?? 'POST',
          header: parts.header ?? [],
          body: parts.body ?? { mode: 'raw', raw: JSON.stringify({ text: 'Hi', payload: {} }) },
          url: parts.url ?? `{{baseUrl}}/api/agent/${AGENT}/invoke/`,
        },
      },
    ],
  };
}

describe('a Postman collection as a suite', () => {
  it('turns an exported collection into a suite that passes the run check, listing what it left out', () => {
    const converted = importPostmanCollection(EXPORTED);
    if (!converted.ok) throw new Error(converted.message);
    expect(converted.value.suite).toEqual({
      name: 'Orders (Agent Explorer Sandbox)',
      cases: [
        {
          name: 'Support replies / reflects customer',
          agent: AGENT,
          text: '{{text}}',
          payload: { customer_name: '{{customer}}', company: 'Northwind Cloud', topic: '{{topic}}' },
          expect: { status: 200, answerContains: '{{customer}}', token: 'present', maxRoundTripMs: 5000 },
        },
        {
          name: 'order status has no token',
          agent: 'a81d4c2e-7f36-4b90-b5e8-2c9f1d6e4a57',
          text: 'Where is my parcel?',
          payload: { order_id: '{{order}}', status: 'shipped' },
          expect: { answerContains: 'Order', answerNotContains: 'token' },
        },
      ],
    });
    expect(converted.value.columns).toEqual(['text', 'customer', 'topic', 'order']);
    expect(converted.value.notes).toEqual([
      '"order status has no token": its prerequest script (suites have no scripts)',
      '"Refund guideline": GET api/guideline/7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47/ is not an agent invoke (POST /api/agent/{id}/invoke/)',
      "the collection's auth: the key comes from the profile or AGENT_EXPLORER_API_KEY",
    ]);
    expect(checkSuiteShape(converted.value.suite, 'suite.json')).toEqual([]);
  });

  it('reads the tests people write: status, include and not include, a data value, the answer field or the text', () => {
    const converted = importPostmanCollection(
      oneRequest({
        tests: [
          'pm.test("ok", () => {',
          '  pm.expect(pm.response.code).to.eql(201);',
          '  const json = pm.response.json();',
          "  pm.expect(json.answer).to.contain('refund');",
          '  pm.expect(pm.response.text()).to.include(pm.iterationData.get("customer"));',
          '  pm.expect(pm.response.json().answer).to.not.include("sorry");',
          '  pm.expect(pm.response.text()).to.include(data.order);',
          '  pm.expect(pm.response.text()).to.include(' + String.fromCharCode(96) + 'Hi there' + String.fromCharCode(96) + ');',
          '  pm.expect(pm.response.headers.get("x-id")).to.exist;',
          '});',
        ],
      }),
    );
    if (!converted.ok) throw new Error(converted.message);
    expect(converted.value.suite.cases[0]!.expect).toEqual({
      status: 201,
      answerContains: ['refund', '{{customer}}', '{{order}}', 'Hi there'],
      answerNotContains: 'sorry',
    });
    expect(converted.value.columns).toEqual(['customer', 'order']);
    expect(converted.value.notes).toEqual(['"ask": test line pm.expect(pm.response.headers.get("x-id")).to.exist;']);
  });

  it('takes an agent id from a collection variable, and leaves out a request whose id has no value', () => {
    const withValue = { ...oneRequest({ url: '{{baseUrl}}/api/agent/{{agent}}/invoke/' }), variable: [{ key: 'agent', value: AGENT }] };
    const converted = importPostmanCollection(withValue);
    expect(converted.ok && converted.value.suite.cases[0]!.agent).toBe(AGENT);
    expect(importPostmanCollection(oneRequest({ url: '{{baseUrl}}/api/agent/{{agent}}/invoke/' }))).toEqual({
      ok: false,
      message:
        'no request in the collection invokes an agent (POST …/api/agent/{id}/invoke/): "ask": the agent id is the variable {{agent}}, which the collection gives no value',
    });
  });

  it('says why a body or a header is not converted, and never carries a key into the suite', () => {
    const unquoted = importPostmanCollection(oneRequest({ body: { mode: 'raw', raw: '{"text": "Hi", "payload": {"n": {{n}}}}' } }));
    expect(unquoted).toEqual({
      ok: false,
      message:
        'no request in the collection invokes an agent (POST …/api/agent/{id}/invoke/): "ask": its body is not JSON (a {{variable}} outside quotes?)',
    });
    const keyed = importPostmanCollection(
      oneRequest({
        header: [
          { key: 'Authorization', value: 'Bearer sk-live-0123456789' },
          { key: 'X-Trace', value: '1' },
          { key: 'Content-Type', value: 'application/json' },
        ],
        body: { mode: 'raw', raw: JSON.stringify({ text: 'Hi', stream: true }) },
      }),
    );
    if (!keyed.ok) throw new Error(keyed.message);
    expect(JSON.stringify(keyed.value.suite)).not.toContain('sk-live');
    expect(keyed.value.notes).toEqual([
      '"ask": body fields other than text and payload: stream',
      '"ask": header Authorization: the key comes from the profile or AGENT_EXPLORER_API_KEY, never from a suite',
      '"ask": header X-Trace: suites send the contract\'s headers only',
    ]);
  });

  it('refuses what is not a collection, and a collection without an invoke', () => {
    expect(isPostmanCollection({ cases: [] })).toBe(false);
    expect(importPostmanCollection({ cases: [] })).toEqual({
      ok: false,
      message: 'this is not a Postman collection (its info.schema names no schema.getpostman.com collection format)',
    });
    expect(importPostmanCollection(oneRequest({ method: 'GET', url: `{{baseUrl}}/api/agent/${AGENT}/invoke/` }))).toMatchObject({
      ok: false,
    });
  });
});
