import { type CorpusScenario, answerFor, buyerProfileFor } from '@paykit/shop-corpus';

const FINAL = new Set(['succeeded', 'failed', 'blocked', 'cancelled']);
const POLL_MS = 100;
const RUN_TIMEOUT_MS = 180_000;

/** A run snapshot as the API returns it (the fields the benchmark reads). */
export interface Snapshot {
  readonly runId: string;
  readonly status: string;
  readonly reason?: string;
  readonly result?: { readonly code?: string; readonly summary?: string };
  readonly requiredAction: {
    readonly requestId: string;
    readonly request: {
      readonly interaction: {
        readonly kind: string;
        readonly schema?: { readonly properties?: Record<string, unknown> };
      };
    };
  } | null;
}

/** The agent-checkouts API of one project, as a client calls it. */
export class CorpusApi {
  constructor(
    private readonly base: string,
    private readonly headers: Readonly<Record<string, string>>,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, key?: string): Promise<T> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...(key ? { 'x-idempotency-key': key } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** The buyer profile of a scenario's run: the corpus buyer, its region as the scenario's profile holds it (one profile per region). */
  async buyerProfile(scenario: CorpusScenario): Promise<string> {
    const key = `corpus-buyer${scenario.buyerRegion ? `-${scenario.buyerRegion}` : ''}`;
    return (await this.call<{ id: string }>('POST', '/buyer-profiles', buyerProfileFor(scenario), key)).id;
  }

  /** The run's last agent message: a failed run's detail (what the summary of a failure leaves out). */
  async lastMessage(runId: string): Promise<string | undefined> {
    const messages = await this.call<{ data: { parts: { text?: string }[] }[] }>('GET', `/${runId}/messages`);
    return messages.data
      .at(-1)
      ?.parts.map((part) => part.text ?? '')
      .join(' ');
  }

  /** Runs a scenario to its end through the API, answering its questions as its user would; the questions asked and the final snapshot. */
  async run(
    scenario: CorpusScenario,
    startUrl: string,
    buyerProfileId: string,
  ): Promise<{ snapshot: Snapshot; questions: string[][] }> {
    const created = await this.call<Snapshot>(
      'POST',
      '',
      {
        constraints: { maxCost: scenario.maxCost },
        request: { startUrl, task: scenario.task },
        ...(scenario.buyer === 'profile' ? { buyerProfileId } : {}),
      },
      `corpus-${scenario.id}-${Date.now()}`,
    );
    const questions: string[][] = [];
    const answered = new Set<string>();
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const snapshot = await this.call<Snapshot>('GET', `/${created.runId}`);
      if (FINAL.has(snapshot.status)) return { snapshot, questions };
      const action = snapshot.requiredAction;
      if (action && !answered.has(action.requestId)) {
        answered.add(action.requestId);
        const fields = Object.keys(action.request.interaction.schema?.properties ?? {});
        questions.push(fields);
        const value = {
          ...answerFor(fields),
          ...Object.fromEntries(
            fields.flatMap((field) => (scenario.choices?.[field] ? [[field, scenario.choices[field]]] : [])),
          ),
        };
        const complete = fields.length > 0 && Object.keys(value).length === fields.length;
        const part = complete
          ? { type: 'input_response', requestId: action.requestId, action: 'submit', value }
          : { type: 'input_response', requestId: action.requestId, action: 'decline' };
        await this.call(
          'POST',
          `/${created.runId}/messages`,
          { id: `answer-${action.requestId}`, parts: [part] },
          `answer-${action.requestId}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error(`run ${created.runId} (${scenario.id}) did not end within ${RUN_TIMEOUT_MS / 1000} s`);
  }
}
