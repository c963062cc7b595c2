import type { MessagePart, RunMessage } from '../run/messages.js';

/** A message as the messages list and the `message.upsert` stream event show it. */
export interface MessageView {
  readonly id: string;
  readonly role: 'user' | 'agent';
  readonly parts: readonly MessagePart[];
  readonly createdAt: string;
}

export const toMessage = (message: RunMessage): MessageView => ({
  id: message.id,
  role: message.role,
  parts: message.parts.map((part) => ({ ...part })),
  createdAt: message.createdAt,
});
