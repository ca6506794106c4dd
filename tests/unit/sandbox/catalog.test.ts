import { describe, expect, it } from 'vitest';
import {
  answerFor,
  fillPlaceholders,
  formatDuration,
  placeholdersOf,
  SANDBOX_AGENTS,
  SANDBOX_GUIDELINES,
  sandboxKnownAgents,
  sandboxKnownGuidelines,
} from '../../../electron/sandbox/catalog';

const V4_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('formatDuration', () => {
  it.each([
    [850, 'ms', '850ms'],
    [849.6, 'ms', '850ms'],
    [0.02, 'ms', '0ms'],
    [1234, 's', '1.2s'],
    [90, 's', '0.1s'],
    [2000, 'seconds', '2 seconds'],
    [1000, 'seconds', '1 second'],
    [1040, 'seconds', '1 second'],
    [400, 'seconds', '0.4 seconds'],
    [1500, 'seconds', '1.5 seconds'],
    [0, 'seconds', '0 seconds'],
    [1500, 'sec', '1.5 sec'],
    [350, 'sec', '0.35 sec'],
    [2000, 'sec', '2 sec'],
  ] as const)('formats %d ms as %s -> %s', (ms, format, expected) => {
    expect(formatDuration(ms, format)).toBe(expected);
  });

  it('reports negative or non-finite times as zero', () => {
    expect(formatDuration(-5, 'ms')).toBe('0ms');
    expect(formatDuration(Number.NaN, 's')).toBe('0.0s');
    expect(formatDuration(Number.POSITIVE_INFINITY, 'sec')).toBe('0 sec');
  });
});

describe('placeholders', () => {
  it('lists each placeholder name once, in order, ignoring braces that are not names', () => {
    expect(placeholdersOf('Hi {name}, {name} from {company}. JSON: {"a": 1} { } {1x}')).toEqual(['name', 'company']);
  });

  it('fills strings as they are and JSON-encodes other values', () => {
    const filled = fillPlaceholders('{a}|{b}|{c}|{d}|{e}', {
      a: 'text',
      b: 42,
      c: true,
      d: null,
      e: { nested: [1, 'x'] },
    });
    expect(filled).toBe('text|42|true|null|{"nested":[1,"x"]}');
  });

  it('leaves a placeholder without a payload key literally, and ignores extra keys', () => {
    expect(fillPlaceholders('Dear {name}, re {topic}.', { name: 'Ann', unused: 'x' })).toBe('Dear Ann, re {topic}.');
  });

  it('does not fill placeholders from Object.prototype members', () => {
    expect(fillPlaceholders('{constructor} {toString} {__proto__}', {})).toBe('{constructor} {toString} {__proto__}');
  });
});

describe('sample agents', () => {
  it('has at least three agents with unique fixed v4 UUIDs', () => {
    expect(SANDBOX_AGENTS.length).toBeGreaterThanOrEqual(3);
    const ids = SANDBOX_AGENTS.map((agent) => agent.id);
    for (const id of ids) expect(id).toMatch(V4_UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('covers all four duration formats, and both with and without token', () => {
    expect(new Set(SANDBOX_AGENTS.map((agent) => agent.durationFormat))).toEqual(new Set(['ms', 's', 'seconds', 'sec']));
    expect(SANDBOX_AGENTS.some((agent) => !agent.includesToken)).toBe(true);
    expect(SANDBOX_AGENTS.some((agent) => agent.includesToken)).toBe(true);
  });

  it('keeps simulated latency between 80 and 400 ms including jitter', () => {
    for (const agent of SANDBOX_AGENTS) {
      expect(agent.baseLatencyMs).toBeGreaterThanOrEqual(80);
      expect(agent.baseLatencyMs + 60).toBeLessThanOrEqual(400);
    }
  });

  // The judge answers verdicts on its payload (judge.test.ts), not its filled prompt.
  it.each(SANDBOX_AGENTS.filter((agent) => agent.judge !== true).map((agent) => [agent.name, agent] as const))(
    '%s: its example fills every placeholder and every value shows in the answer',
    (_name, agent) => {
      const answer = answerFor(agent, agent.example.text, agent.example.payload);
      for (const placeholder of agent.placeholders) {
        expect(Object.keys(agent.example.payload)).toContain(placeholder);
        expect(answer).toContain(String(agent.example.payload[placeholder]));
      }
      expect(answer).not.toMatch(/\{[A-Za-z_]\w*\}/);
    },
  );

  it('is deterministic and carries the input text into the answer', () => {
    const [agent] = SANDBOX_AGENTS;
    if (agent === undefined) throw new Error('no agents');
    const first = answerFor(agent, 'Where is my refund?', { customer_name: 'Ann' });
    expect(answerFor(agent, 'Where is my refund?', { customer_name: 'Ann' })).toBe(first);
    expect(first).toContain('Where is my refund?');
  });

  it('maps to the contract type with copies of placeholders and examples', () => {
    const known = sandboxKnownAgents();
    expect(known.map((agent) => agent.id)).toEqual(SANDBOX_AGENTS.map((agent) => agent.id));
    const support = known.find((agent) => agent.name === 'Support reply drafter');
    expect(support?.placeholders).toEqual(['customer_name', 'company', 'topic']);
    expect(Object.keys(support ?? {}).sort()).toEqual(['description', 'example', 'id', 'name', 'placeholders']);
    if (support?.example) support.example.payload.company = 'changed';
    expect(sandboxKnownAgents().find((agent) => agent.id === support?.id)?.example?.payload.company).not.toBe('changed');
    expect(known.find((agent) => agent.name === 'Echo')?.placeholders).toEqual([]);
  });

  it('marks the Guideline judge as a judge agent, and only it', () => {
    expect(sandboxKnownAgents().filter((agent) => agent.judge === true)).toMatchObject([
      { id: '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60', name: 'Guideline judge' },
    ]);
  });
});

describe('sample guidelines', () => {
  it('has unique fixed v4 UUIDs and maps to id, name and description only', () => {
    const known = sandboxKnownGuidelines();
    expect(known.length).toBeGreaterThanOrEqual(4);
    for (const guideline of known) {
      expect(guideline.id).toMatch(V4_UUID);
      expect(Object.keys(guideline).sort()).toEqual(['description', 'id', 'name']);
    }
    expect(new Set(known.map((guideline) => guideline.id)).size).toBe(known.length);
  });

  // The checklist is rules only: every list item of it is a rule a judge checks.
  const documents = SANDBOX_GUIDELINES.filter((guideline) => guideline.name !== 'Support reply checklist');

  it.each(documents.map((guideline) => [guideline.name, guideline.content] as const))(
    '%s: has a heading, lists, a GFM table, an https link and code',
    (_name, content) => {
      expect(content).toMatch(/^# /m);
      expect(content).toMatch(/^\s*- /m);
      expect(content).toMatch(/^\|.*\|\n\|(?:\s*:?-+:?\s*\|)+\n\|/m);
      expect(content).toMatch(/\[[^\]]+\]\(https:\/\/[^)\s]+\)/);
      expect(content).toMatch(/`[^`\n]+`/);
    },
  );

  it('the normal guidelines also have numbered lists and a fenced code block', () => {
    for (const guideline of documents.filter((g) => g.name !== 'Rendering safety sample')) {
      expect(guideline.content).toMatch(/^\d+\. /m);
      expect(guideline.content).toMatch(/```\w*\n[\s\S]+?```/);
    }
  });

  it('the rendering safety sample carries the hostile content it promises', () => {
    const sample = SANDBOX_GUIDELINES.find((guideline) => guideline.name === 'Rendering safety sample');
    expect(sample?.content).toContain("<script>alert('x')</script>");
    expect(sample?.content).toContain('<img src="x" onerror="alert(1)">');
    expect(sample?.content).toContain('[bad link](javascript:alert(1))');
    expect(sample?.content).toMatch(/\[[^\]]+\]\(https:\/\//);
  });
});
