/**
 * What the Sandbox knows: its sample agents and guidelines, and the answer an agent gives.
 *
 * The platform API has no "list agents" endpoint, so the app learns of Sandbox agents and
 * guidelines from here (`sandboxKnownAgents`, `sandboxKnownGuidelines`) rather than over HTTP.
 * The agents are chosen to show off what a client must cope with: placeholders filled from
 * the payload, four different `duration` formats, and one agent that omits `token`.
 */
import type { JsonObject, KnownAgent, KnownGuideline } from '../shared/api';
import { composeAnswer, placeholdersOf, type DurationFormat, type InputStyle } from './answer';
import { judgeAnswer } from './judge';
import { SANDBOX_GUIDELINES, type SandboxGuideline } from './guidelines';

export { formatDuration, fillPlaceholders, placeholdersOf } from './answer';
export { SANDBOX_GUIDELINES, type SandboxGuideline } from './guidelines';

/** An agent as the Sandbox stores it. Only `id`, `name`, `description`, `placeholders` and `example` reach the app. */
export interface SandboxAgent {
  /** A fixed lowercase v4 UUID, so saved examples and tests stay valid across restarts. */
  id: string;
  name: string;
  description: string;
  /** The template the Sandbox fills; `{name}` marks a placeholder. */
  prompt: string;
  /** The placeholder names in `prompt`, derived from it so the two cannot drift apart. */
  placeholders: readonly string[];
  /** How the input text appears in the answer. */
  inputStyle: InputStyle;
  durationFormat: DurationFormat;
  /** Whether the response carries `token`. The spec shows a response without it. */
  includesToken: boolean;
  /** Simulated processing time under 'realistic' latency, before jitter. */
  baseLatencyMs: number;
  /** An input that fills every placeholder and shows the agent off. */
  example: { text: string; payload: JsonObject };
  /** A judge agent answers verdicts on `payload.answer` against `payload.rules` (judge.ts), not its filled prompt. */
  judge?: true;
}

type AgentDefinition = Omit<SandboxAgent, 'placeholders'>;

const DEFINITIONS: readonly AgentDefinition[] = [
  {
    id: '3f6c2a8e-5b1d-4c7a-9e2f-8d4b6a1c0e73',
    name: 'Support reply drafter',
    description: 'Drafts a friendly first reply to a customer, quoting their message.',
    prompt:
      'Hi {customer_name},\n\n' +
      'Thank you for contacting {company} about {topic}. A member of our team has your message ' +
      'and will get back to you within one business day.\n\n' +
      'Kind regards,\nThe {company} support team',
    inputStyle: 'quote',
    durationFormat: 'ms',
    includesToken: true,
    baseLatencyMs: 240,
    example: {
      text: 'My refund for the annual plan has not arrived yet. It has been two weeks.',
      payload: { customer_name: 'Dana Whitfield', company: 'Northwind Cloud', topic: 'a delayed refund' },
    },
  },
  {
    id: 'a81d4c2e-7f36-4b90-b5e8-2c9f1d6e4a57',
    name: 'Order status explainer',
    description: 'Explains an order status in plain words. Its responses carry no token.',
    prompt:
      'Order {order_id} is currently "{status}". We will e-mail you as soon as the status changes, ' +
      'and you can check it any time under My orders.',
    inputStyle: 'quote',
    durationFormat: 'seconds',
    includesToken: false,
    baseLatencyMs: 310,
    example: {
      text: 'Where is my parcel?',
      payload: { order_id: 'NW-48213', status: 'out for delivery' },
    },
  },
  {
    id: '5c0e9b7a-2d48-4f1e-8a63-b7d2e9c4f018',
    name: 'Meeting summariser',
    description: 'Turns meeting notes into key points for a chosen audience and tone.',
    prompt: 'Summary for {audience}, in a {tone} tone. Key points:',
    inputStyle: 'bullets',
    durationFormat: 's',
    includesToken: true,
    baseLatencyMs: 340,
    example: {
      text: 'We agreed to ship the billing page on 3 March. ' + 'Priya owns the migration script. Support needs a FAQ before launch.',
      payload: { audience: 'the leadership team', tone: 'concise' },
    },
  },
  {
    id: 'e2b7f4d1-96a0-4c35-a1d8-4f6e0b3c9a25',
    name: 'Echo',
    description: 'Repeats the input text. Has no placeholders; handy for checking connectivity.',
    prompt: 'You said: ',
    inputStyle: 'inline',
    durationFormat: 'sec',
    includesToken: true,
    baseLatencyMs: 90,
    example: { text: 'Hello, Sandbox!', payload: {} },
  },
  {
    id: '8b3f5d2a-6c91-4e07-a4d8-1f7e9c2b5a60',
    name: 'Guideline judge',
    description: "Judges an answer against a guideline's rules: PASS or FAIL per rule, checking each rule's quoted words.",
    prompt:
      'You check an answer against the rules of the guideline "{name}".\n\n' +
      'Request: {text}\nAnswer: {answer}\n\nRules:\n{rules}\n\nGuideline:\n{guideline}\n\n' +
      'For each rule reply PASS or FAIL with one sentence why, as JSON: ' +
      '{"verdicts": [{"rule": 1, "pass": true, "why": "..."}]}',
    inputStyle: 'inline',
    durationFormat: 'ms',
    includesToken: true,
    baseLatencyMs: 320,
    judge: true,
    example: {
      text: '',
      payload: {
        name: 'Support reply checklist',
        text: 'My refund has not arrived.',
        answer: 'Hi Dana,\n\nThank you for contacting Northwind Cloud about a delayed refund.',
        rules: '1. Greet the customer by name: the reply starts with "Hi".\n2. Say when they will hear back: "one business day".',
        guideline: '',
      },
    },
  },
];

/** The sample agents, in the order the app lists them. */
export const SANDBOX_AGENTS: readonly SandboxAgent[] = DEFINITIONS.map((definition) => ({
  ...definition,
  placeholders: placeholdersOf(definition.prompt),
}));

/** The agent with this id, or undefined. Ids are matched exactly (lowercase, as issued). */
export function findAgent(id: string): SandboxAgent | undefined {
  return SANDBOX_AGENTS.find((agent) => agent.id === id);
}

/** The guideline with this id, or undefined. */
export function findGuideline(id: string): SandboxGuideline | undefined {
  return SANDBOX_GUIDELINES.find((guideline) => guideline.id === id);
}

/** The agent's answer to this input: a deterministic function of its prompt, the text and the payload. */
export function answerFor(agent: SandboxAgent, text: string, payload: JsonObject): string {
  if (agent.judge === true) return judgeAnswer(payload);
  return composeAnswer(agent.prompt, text, payload, agent.inputStyle);
}

/**
 * The sample agents as the app's contract describes them. Returns fresh copies, so a caller
 * that edits an example cannot change what the next caller sees.
 */
export function sandboxKnownAgents(): KnownAgent[] {
  return SANDBOX_AGENTS.map((agent) => ({
    id: agent.id,
    name: agent.name,
    description: agent.description,
    placeholders: [...agent.placeholders],
    example: structuredClone(agent.example),
    ...(agent.judge === true ? { judge: true as const } : {}),
  }));
}

/** The sample guidelines as the app's contract describes them. */
export function sandboxKnownGuidelines(): KnownGuideline[] {
  return SANDBOX_GUIDELINES.map(({ id, name, description }) => ({ id, name, description }));
}
