import { randomUUID } from 'node:crypto';
import { agentCheckoutListQuerySchema, agentCheckoutMessageBodySchema } from '@paykit/contracts';
import type { MessageView, RunSnapshot } from '@paykit/checkout-runs';
import { ListMessages } from '../../agent-checkouts/messages/read/list-messages.handler.js';
import { PostMessage } from '../../agent-checkouts/messages/post/post-message.handler.js';
import { GetRun } from '../../agent-checkouts/runs/read/get-run.handler.js';
import { ListRuns } from '../../agent-checkouts/runs/read/list-runs.handler.js';
import { type Owner, ownerOf } from '../../agent-checkouts/shared/owner.js';
import type { PageContext, PageRoute } from '../console-routes.js';
import { type Html, html, jsonBlock, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { pager, parseFields } from './page-helpers.js';

const SECTION = 'Agent checkouts';

/**
 * Runs belong to an owner (ADR 0820): the project's service (runs started with a server key for
 * no user), or the end user a `user` filter names, exactly as the API lists them.
 */
const ownerOfPage = ({ caller, query }: PageContext): Owner =>
  ownerOf({ ...caller.principal, userId: query['user'] ? query['user'] : null });

const userQuery = (context: PageContext): string =>
  context.query['user'] ? `?user=${encodeURIComponent(context.query['user'])}` : '';

export const runsList: PageRoute = {
  method: 'GET',
  path: '/runs',
  async handle(context) {
    const { queries, query, base, render } = context;
    const { user: _user, ...paging } = query;
    const page: Page<RunSnapshot> = await queries.execute(
      new ListRuns(ownerOfPage(context), parseFields(agentCheckoutListQuerySchema, paging)),
    );
    return render(
      'Agent checkouts',
      SECTION,
      html`<form method="get">
        <label for="user">End user (blank: runs started for no user)</label>
        <input id="user" name="user" value="${query['user'] ?? ''}">
        <button type="submit">Show</button>
      </form>
      ${table(
        'Runs, newest first',
        ['Run', 'Status', 'Shop', 'Created'],
        page.data.map((run) => [
          html`<a href="${base}/runs/${run.runId}${userQuery(context)}">${run.runId}</a>`,
          run.status,
          run.input.request.startUrl,
          run.createdAt,
        ]),
      )}
      ${pager(`${base}/runs`, query, page)}`,
    );
  },
};

const answerForm = (context: PageContext, run: RunSnapshot): Html => {
  if (run.status !== 'awaiting_input') return html``;
  const { request, requestId } = run.requiredAction;
  const action = `${context.base}/runs/${run.runId}/answer${userQuery(context)}`;
  const interaction = request.interaction;
  const field =
    interaction.kind === 'payment'
      ? html`<input type="hidden" name="value" value="approve"><p>Approve a payment of ${interaction.amount.type === 'maximum' ? 'at most ' : ''}${interaction.amount.amount} ${interaction.amount.currency}.</p>`
      : interaction.kind === 'form'
        ? formFields(interaction.schema)
        : html`<label for="answer">Answer</label><input id="answer" name="value" type="password" required>`;
  return html`<section aria-labelledby="question"><h2 id="question">Waiting on: ${request.question}</h2>
    <form method="post" action="${action}">
      ${csrfField(context.csrfToken)}<input type="hidden" name="requestId" value="${requestId}">
      ${field}
      <p><button type="submit">Send the answer</button></p>
    </form></section>`;
};

/** One input per property of the question's JSON Schema (a select for an enum), sent back as an object. */
const formFields = (schema: Record<string, unknown>): Html => {
  const properties = (schema['properties'] ?? {}) as Record<string, { enum?: unknown[]; title?: string }>;
  return html`${Object.entries(properties).map(([name, property]) => {
    const id = `field-${name}`;
    const label = html`<label for="${id}">${property.title ?? name}</label>`;
    return property.enum
      ? html`${label}<select id="${id}" name="field.${name}">${property.enum.map((option) => html`<option>${String(option)}</option>`)}</select>`
      : html`${label}<input id="${id}" name="field.${name}" required>`;
  })}`;
};

/** The answer's value: the form's fields as an object, else the single value. */
const answerValue = (body: Readonly<Record<string, string | undefined>>): unknown => {
  const fields = Object.entries(body).filter(([key]) => key.startsWith('field.'));
  return fields.length > 0
    ? Object.fromEntries(fields.map(([key, value]) => [key.slice('field.'.length), value]))
    : (body['value'] ?? '');
};

const messageText = (message: MessageView): string =>
  message.parts
    .map((part) =>
      part.type === 'text' ? part.text : part.type === 'input_request' ? part.request.question : `(${part.action})`,
    )
    .join(' ');

export const runPage: PageRoute = {
  method: 'GET',
  path: '/runs/:runId',
  async handle(context) {
    const { queries, params, render } = context;
    const owner = ownerOfPage(context);
    const run: RunSnapshot = await queries.execute(new GetRun(owner, params['runId']!));
    const messages: Page<MessageView> = await queries.execute(new ListMessages(owner, run.runId, {}));
    return render(
      `Run ${run.runId}`,
      SECTION,
      html`<p>Status <strong>${run.status}</strong>; shop ${run.input.request.startUrl}.</p>
      ${answerForm(context, run)}
      ${run.browser ? html`<p><a href="${run.browser.embedUrl}">Live view</a></p>` : ''}
      ${table(
        'Steps and messages',
        ['When', 'From', 'Message'],
        messages.data.map((m) => [m.createdAt, m.role, messageText(m)]),
      )}
      ${'result' in run ? jsonBlock('Result and payment', run.result) : ''}`,
    );
  },
};

/** The answer goes through the API's PostMessage: the same checks (request id, expiry, value) as the endpoint. */
export const answerRun: PageRoute = {
  method: 'POST',
  path: '/runs/:runId/answer',
  async handle(context) {
    const { commands, params, body, base, audit } = context;
    // A refused body is a ZodError: the API's 400, shown on the page.
    const parsed = agentCheckoutMessageBodySchema.parse({
      id: randomUUID(),
      parts: [
        { type: 'input_response', requestId: body['requestId'] ?? '', action: 'submit', value: answerValue(body) },
      ],
    });
    await commands.execute(new PostMessage(ownerOfPage(context), params['runId']!, parsed));
    await audit('agent_checkout.answer', params['runId']!);
    return { redirect: `${base}/runs/${params['runId']}${userQuery(context)}` };
  },
};
