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
  /** Markdown: what the first read answers. */
  content: string;
  /**
   * Versions later reads answer in turn (the first read `content`, the next the first of these,
   * and round again), so a newcomer can see Compare versions and "Changed since you last read it".
   */
  laterVersions?: readonly string[];
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

/**
 * Rules a judge can check: each names in quotes the words the Sandbox's judge agent looks for, so
 * a run of the Support reply drafter against it passes some rules and fails others, the same way
 * every time.
 */
const SUPPORT_REPLY_CHECKLIST = `# Support reply checklist

What every first reply to a customer must do. A judge agent checks an answer against these rules;
the Sandbox's judge passes a rule when the answer holds each of the rule's quoted words.

## Opening

1. Greet the customer by name: the reply starts with "Hi".
2. Thank them for writing: it says "Thank you for contacting".

## Commitments

3. Say when they will hear back: "one business day".
4. Name the subject of a refund request: "refund".

## Closing

5. Sign off as the team, not as a bot: "support team".
`;

const REFUND_POLICY = (days: number, approver: string) => `# Refund policy

Agents answer refund questions with this policy. **It changes each time it is read** (the Sandbox
alternates two versions), so the app's version history has something to show.

## Rules

1. A refund is due when the customer asks within ${days} days of the invoice.
2. Refunds over 200 EUR are approved by ${approver} before the agent confirms them.
3. The agent says when the money arrives: 5 business days for cards, 10 for transfers.

## Amounts

- Card payments go back to the same card.
- Transfers go back to the account the payment came from.

| Paid with | Refunded to | Takes |
|---|---|---|
| Card | The same card | 5 business days |
| Transfer | The paying account | 10 business days |

The ticket tag is \`refund\`, for example:

\`\`\`text
Tag: refund
Amount: 120 EUR
\`\`\`

See the [consumer rights overview](https://europa.eu/youreurope/citizens/consumers/) for the law behind rule 1.
`;

/** One section of the long handbook: a heading, rules, a table, a code block. */
function handbookSection(number: number): string {
  const rows = Array.from(
    { length: 12 },
    (_, row) => `| P-${number}-${row + 1} | Product ${number}.${row + 1} | ${(row + 1) * 7} EUR | ${row % 3 === 0 ? 'Yes' : 'No'} |`,
  );
  return [
    `## ${number}. Product family ${number}`,
    '',
    `Family ${number} covers the products below. Agents quote prices from this table only, and say when a price is old.`,
    '',
    `1. Confirm the product code (\`P-${number}-…\`) before answering.`,
    '2. Quote the price with its currency; never round it.',
    `3. Offer the family ${number} upgrade path only to customers who ask for it.`,
    '',
    '- Stock is checked in the order system, never promised.',
    '- Discounts need a manager, as the escalation policy says.',
    '',
    '| Code | Product | Price | Upgradable |',
    '|---|---|---|---|',
    ...rows,
    '',
    '```text',
    `Family: ${number}`,
    `Contact: family-${number}@example.com`,
    '```',
    '',
  ].join('\n');
}

let handbook: string | null = null;

/** The long guideline (about 3 MB), made once on first read: a Sandbox that never serves it never builds it. */
function productHandbook(): string {
  handbook ??= [
    '# Product handbook',
    '',
    'A long guideline, as some teams keep: every product family with its rules and prices. It is',
    'about 3 MB, so the reader, search and the library can be tried on a guideline of real size.',
    'Prices follow the [price list conventions](https://www.iso.org/iso-4217-currency-codes.html).',
    '',
    ...Array.from({ length: 2800 }, (_, index) => handbookSection(index + 1)),
  ].join('\n');
  return handbook;
}

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
  {
    id: '5c2e8b1d-7f4a-4e69-9b3c-0d6a1f8e2c57',
    name: 'Refund policy',
    description: 'Refund rules; the Sandbox answers a changed version on every other read.',
    content: REFUND_POLICY(14, 'a team lead'),
    laterVersions: [REFUND_POLICY(30, 'the finance desk')],
  },
  {
    id: 'e7a4c9f2-3b58-4d1e-8a06-9f2b5c7d1e38',
    name: 'Product handbook',
    description: 'A long guideline (about 3 MB): every product family, its rules and prices.',
    get content() {
      return productHandbook();
    },
  },
  {
    id: 'c6d1a8e3-4f72-4b95-8e0a-3d9b7f1c5e24',
    name: 'Support reply checklist',
    description: 'Checkable rules for a first reply: what the Guideline judge agent checks answers against.',
    content: SUPPORT_REPLY_CHECKLIST,
  },
];
