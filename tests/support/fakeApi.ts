import type {
  Api,
  ExchangeRecord,
  GuidelineRequest,
  GuidelineResult,
  InvokeRequest,
  InvokeResult,
  KnownAgent,
  KnownGuideline,
  ProfilesState,
  Result,
  SelectProfileRequest,
} from '../../electron/shared/contract';

/**
 * An in-memory twin of the host for component tests. It implements the whole `Api`, so a new
 * contract method fails to compile here until the fake has it too. Every call is recorded, so
 * a test can assert that nothing was sent.
 */
export class FakeApi implements Api {
  readonly calls: { method: keyof Api; argument: unknown }[] = [];

  agents: KnownAgent[] = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Support reply drafter',
      description: 'Drafts a reply to a customer.',
      placeholders: ['customer_name', 'company'],
      example: { text: 'My parcel is late.', payload: { customer_name: 'Ada', company: 'Acme' } },
    },
  ];

  guidelines: KnownGuideline[] = [
    { id: '22222222-2222-4222-8222-222222222222', name: 'Escalation policy', description: 'When to escalate.' },
  ];

  profiles: ProfilesState = {
    activeProfileId: 'sandbox',
    profiles: [
      {
        id: 'sandbox',
        name: 'Sandbox',
        baseUrl: 'http://127.0.0.1:4010',
        kind: 'sandbox',
        key: { set: true, storage: 'memory' },
      },
    ],
  };

  /** What the next invokes answer; a function gets the request. */
  invokeResponder: (request: InvokeRequest) => InvokeResult | Promise<InvokeResult> = (request) =>
    okInvoke(`Hello ${String(request.payload['customer_name'] ?? 'there')}`);

  guidelineResponder: (request: GuidelineRequest) => GuidelineResult | Promise<GuidelineResult> = () => ({
    ok: true,
    value: {
      guideline: { name: 'Escalation policy', description: 'When to escalate.', content: '# Escalate\n\nSoon.' },
      exchange: exchange({ method: 'GET', status: 200 }),
    },
  });

  private record(method: keyof Api, argument: unknown): void {
    this.calls.push({ method, argument });
  }

  callsOf(method: keyof Api): unknown[] {
    return this.calls.filter((call) => call.method === method).map((call) => call.argument);
  }

  async getAppInfo() {
    this.record('getAppInfo', undefined);
    return { name: 'Agent Explorer', version: '0.0.0-test', host: 'browser' as const };
  }

  async listProfiles() {
    this.record('listProfiles', undefined);
    return this.profiles;
  }

  async selectProfile(request: SelectProfileRequest): Promise<Result<ProfilesState>> {
    this.record('selectProfile', request);
    if (!this.profiles.profiles.some((profile) => profile.id === request.profileId)) {
      return { ok: false, error: { code: 'invalid_argument', message: 'No such profile.' } };
    }
    this.profiles = { ...this.profiles, activeProfileId: request.profileId };
    return { ok: true, value: this.profiles };
  }

  async listKnownAgents() {
    this.record('listKnownAgents', undefined);
    return this.agents;
  }

  async listKnownGuidelines() {
    this.record('listKnownGuidelines', undefined);
    return this.guidelines;
  }

  async invokeAgent(request: InvokeRequest) {
    this.record('invokeAgent', request);
    return this.invokeResponder(request);
  }

  async getGuideline(request: GuidelineRequest) {
    this.record('getGuideline', request);
    return this.guidelineResponder(request);
  }
}

/** An exchange record with sensible defaults for tests. */
export function exchange(overrides: Partial<ExchangeRecord> = {}): ExchangeRecord {
  return {
    method: 'POST',
    url: 'http://127.0.0.1:4010/api/agent/11111111-1111-4111-8111-111111111111/invoke/',
    requestBody: null,
    status: 200,
    statusText: 'OK',
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{}',
    responseBytes: 2,
    roundTripMs: 12.5,
    startedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A successful invoke result. */
export function okInvoke(answer: string, options: { duration?: string; ms?: number | null; token?: string } = {}): InvokeResult {
  const response = {
    answer,
    duration: options.duration ?? '850ms',
    ...(options.token === undefined ? {} : { token: options.token }),
  };
  return {
    ok: true,
    value: {
      response,
      serverDuration: { raw: response.duration, ms: options.ms === undefined ? 850 : options.ms },
      exchange: exchange({ responseBody: JSON.stringify(response), roundTripMs: 871.4 }),
    },
  };
}
