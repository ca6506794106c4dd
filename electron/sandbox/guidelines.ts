/**
 * The Sandbox's sample guidelines. Their content is markdown written to exercise the app's
 * markdown view the way real guidelines would: headings, both kinds of list, a GFM table,
 * links, inline code and a fenced code block. The last one is hostile on purpose, so the
 * sanitizer can be seen working against a live server.
 */

/** A guideline as the Sandbox stores it; the API returns all fields but `id`. */
export interface SandboxGuideline {
  /** A fixed lowercase v4 UUID, so links and tests stay valid across restarts. */
  id: string;
  name: string;
  description: string;
  /** Markdown. */
  content: string;
}

const ESCALATION_POLICY = `# Escalation policy

Use this policy when an agent's answer is not enough and a person has to step in.

## When to escalate

- The customer reports **data loss**, a **security concern** or a **billing error** over 500 EUR.
- The same customer has contacted us three times about one issue.
- An agent answer was marked as wrong by the customer.

## Severity levels

| Level | Example | First response | Owner |
|---|---|---|---|
| SEV-1 | Platform down for every customer | 15 minutes | On-call engineer |
| SEV-2 | One feature broken for many customers | 1 hour | Team lead |
| SEV-3 | One customer blocked, workaround exists | 1 business day | Support specialist |

## How to escalate

1. Tag the ticket with \`escalation\` and the level, for example \`sev-2\`.
2. Post a summary in the incident channel: what happened, who is affected, since when.
3. Tell the customer a person is now handling it, and when they will hear back.

Escalation summaries follow this template:

\`\`\`text
Level: SEV-2
Affected: invoices for EU customers
Since: 09:40 UTC
Next update: 10:40 UTC
\`\`\`

Background reading: [Severity levels explained](https://www.atlassian.com/incident-management/kpis/severity-levels).
`;

const TONE_OF_VOICE = `# Tone of voice

Agents speak for the company. Customers should feel they are talking to a calm, competent person.

## Principles

- **Plain words.** Write "use", not "utilise"; "start", not "initiate".
- **Short sentences.** One idea per sentence, twenty words or fewer.
- **Own the problem.** Say "we made a mistake", never "mistakes were made".

## Words to prefer

| Avoid | Prefer | Why |
|---|---|---|
| Unfortunately, we are unable to | We can't ... yet, but we can | Offers a way forward |
| As per our policy | Our policy is | Sounds less like a form letter |
| Please be advised | (leave out) | Adds nothing |

## Checking a reply

1. Read it aloud. If you run out of breath, split the sentence.
2. Replace jargon such as \`SLA\` or \`RMA\` with what it means for the customer.
3. End with one clear next step.

A reply before and after editing:

\`\`\`text
Before: Unfortunately, as per our policy, we are unable to process refunds after 30 days.
After:  We can't refund orders older than 30 days, but we can offer a credit for your next order.
\`\`\`

See also the [plain language guidelines](https://www.plainlanguage.gov/guidelines/).
`;

const DATA_RETENTION = `# Data retention

How long we keep what customers send to agents, and how to delete it on request.

## Retention periods

| Data | Kept for | Then |
|---|---|---|
| Agent input text and payload | 30 days | Deleted automatically |
| Agent answers | 30 days | Deleted automatically |
| Invoices | 10 years | Archived, then deleted |
| Access logs (no message content) | 90 days | Deleted automatically |

## Rules

- Never paste personal data into a guideline or a prompt template.
- Payload fields named \`email\`, \`phone\` or \`iban\` are masked in logs.
- Exports for a customer contain only that customer's data.

## Handling a deletion request

1. Confirm the requester's identity through the account e-mail address.
2. Run the deletion job for the customer id:

   \`\`\`sh
   platform-admin erase --customer 4711 --confirm
   \`\`\`

3. Reply within 30 days, as required by [GDPR Article 17](https://gdpr-info.eu/art-17-gdpr/).
`;

const RENDERING_SAFETY_SAMPLE = `# Rendering safety sample

This guideline is **deliberately hostile**. It exists so you can check that the app shows
server content as text and never runs it. Everything below should appear harmless.

## Raw HTML

A script tag follows. A safe viewer drops it or shows it as text; no alert may appear.

<script>alert('x')</script>

An image with an error handler follows. No alert may appear, and no request to \`x\` should matter.

<img src="x" onerror="alert(1)">

## Links

- A link with a \`javascript:\` address, which must not be clickable: [bad link](javascript:alert(1))
- A normal link, which should open in the system browser: [Electron security checklist](https://www.electronjs.org/docs/latest/tutorial/security)

## What a sanitizer should do

| Input | Expected result |
|---|---|
| \`<script>\` element | Removed or shown as text |
| \`onerror\` attribute | Removed |
| \`javascript:\` link | Not a live link |
| \`https:\` link | Kept |
`;

/** The sample guidelines, in the order the app lists them. */
export const SANDBOX_GUIDELINES: readonly SandboxGuideline[] = [
  {
    id: '7d3e1f9a-4b62-4e8c-9d05-1a6f3c8b2e47',
    name: 'Escalation policy',
    description: 'When and how a support case moves from an agent to a person.',
    content: ESCALATION_POLICY,
  },
  {
    id: 'b4f8a2c6-1e93-4d7b-8f20-6c5a9e3d1b84',
    name: 'Tone of voice',
    description: 'How agent answers should sound: plain, short and accountable.',
    content: TONE_OF_VOICE,
  },
  {
    id: '2a9c5e7f-8d14-4b36-a7e9-3f1b6d0c8a52',
    name: 'Data retention',
    description: 'How long agent inputs and answers are kept, and how to delete them.',
    content: DATA_RETENTION,
  },
  {
    id: '9e1d6b3f-c572-4a08-b1f4-7e2c5a9d3f16',
    name: 'Rendering safety sample',
    description: 'Hostile markdown and HTML for checking that the app renders server content safely.',
    content: RENDERING_SAFETY_SAMPLE,
  },
];
