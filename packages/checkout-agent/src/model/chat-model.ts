/**
 * A client of an OpenAI-compatible chat completions API (POST {baseUrl}/chat/completions with
 * tools). Every way it can fail (transport, status, timeout, a body that is not a completion)
 * is a `ModelError`, which the strategy ends the run with as `failed` / `model_error`.
 */
export interface ChatModelSettings {
  /** The API's base URL, e.g. https://api.openai.com/v1 (AGENT_CHECKOUT_MODEL_URL). */
  readonly baseUrl: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer`; never logged, never part of an error. */
  readonly apiKey?: string;
  /** Per request. */
  readonly timeoutMs: number;
}

export interface ToolCall {
  readonly id: string;
  readonly type: 'function';
  readonly function: { readonly name: string; readonly arguments: string };
}

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string | null; readonly tool_calls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly tool_call_id: string; readonly content: string };

export interface ToolDefinition {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: Record<string, unknown>;
  };
}

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

export class ModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelError';
  }
}

export class ChatModel {
  constructor(private readonly settings: ChatModelSettings) {}

  async complete(
    messages: readonly ChatMessage[],
    tools: readonly ToolDefinition[],
    signal: AbortSignal,
  ): Promise<AssistantMessage> {
    const url = `${this.settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.settings.model, messages, tools, tool_choice: 'auto', temperature: 0 }),
        signal: AbortSignal.any([signal, AbortSignal.timeout(this.settings.timeoutMs)]),
      });
    } catch (error) {
      if (signal.aborted) throw error;
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ModelError(
        timedOut
          ? `The model API did not answer within ${this.settings.timeoutMs} ms.`
          : 'The model API could not be reached.',
      );
    }
    const text = await response.text().catch(() => {
      throw new ModelError('The model API’s answer was cut off.');
    });
    if (!response.ok) throw new ModelError(`The model API answered HTTP ${response.status}.`);
    return assistantMessageOf(text);
  }
}

const assistantMessageOf = (text: string): AssistantMessage => {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ModelError('The model API’s answer is not JSON.');
  }
  const message = (body as { choices?: { message?: unknown }[] } | null)?.choices?.[0]?.message as
    { role?: unknown; content?: unknown; tool_calls?: unknown } | undefined;
  if (!message || (typeof message.content !== 'string' && message.content !== null && message.content !== undefined)) {
    throw new ModelError('The model API’s answer holds no assistant message.');
  }
  const calls: ToolCall[] = (Array.isArray(message.tool_calls) ? message.tool_calls.filter(isToolCall) : []).map(
    (call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.function.name, arguments: call.function.arguments },
    }),
  );
  return {
    role: 'assistant',
    content: typeof message.content === 'string' ? message.content : null,
    ...(calls.length ? { tool_calls: calls } : {}),
  };
};

const isToolCall = (value: unknown): value is Omit<ToolCall, 'type'> => {
  const call = value as { id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null;
  return (
    typeof call?.id === 'string' &&
    typeof call.function?.name === 'string' &&
    typeof call.function.arguments === 'string'
  );
};
