import type { InputRequest } from './interaction.js';

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** The agent's question; `requiredAction` points at the message that carries it. */
export interface InputRequestPart {
  readonly type: 'input_request';
  readonly requestId: string;
  readonly request: InputRequest;
}

/** The user's answer as it is shown: a protected submit shows no value. */
export type InputResponsePart =
  | { readonly type: 'input_response'; readonly requestId: string; readonly action: 'submit'; readonly value?: unknown }
  | {
      readonly type: 'input_response';
      readonly requestId: string;
      readonly action: 'alternative';
      readonly text: string;
    }
  | { readonly type: 'input_response'; readonly requestId: string; readonly action: 'decline'; readonly text?: string };

export type MessagePart = TextPart | InputRequestPart | InputResponsePart;

export type MessageRole = 'user' | 'agent';

export interface RunMessage {
  readonly id: string;
  readonly role: MessageRole;
  readonly parts: readonly MessagePart[];
  readonly createdAt: string;
}

/** Message text and free-text answers: 1 to 20000 characters, like request.task. */
export const MESSAGE_TEXT_LIMITS = { min: 1, max: 20000 } as const;
