import { randomUUID } from 'node:crypto';
import { agentCheckoutListQuerySchema, agentCheckoutMessageBodySchema } from '@paykit/contracts';
import type { RecordedStep } from '@paykit/checkout-agent';
import { type MessageView, RUN_STATUSES, type RunSnapshot, runErrors } from '@paykit/checkout-runs';
import { DomainException } from '@paykit/kernel';
import type { StoredBlob } from '@paykit/providers';
import { z } from 'zod';
import { SERVICE_USER_ID } from '../../auth/authenticator.js';
import { ListMessages } from '../../agent-checkouts/messages/read/list-messages.handler.js';
import { PostMessage } from '../../agent-checkouts/messages/post/post-message.handler.js';
import { GetRun } from '../../agent-checkouts/runs/read/get-run.handler.js';
import { GetRunScreenshot } from '../../agent-checkouts/runs/read/get-run-screenshot.handler.js';
import { GetRunSteps } from '../../agent-checkouts/runs/read/get-run-steps.handler.js';
import { ListProjectRuns, type ProjectRun } from '../../agent-checkouts/runs/read/list-project-runs.handler.js';
import { type Owner, ownerOf, userSubject } from '../../agent-checkouts/shared/owner.js';
import type { PageContext, PageRoute } from '../console-routes.js';
import { type Html, html, jsonBlock, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';
import type { Page } from '../../http/pagination/newest-first-page.js';
import { pager, parseFields, selectField } from './page-helpers.js';

const SECTION = 'Agent checkouts';

/**
 * A run belongs to an owner (ADR 0820): the project's service (runs started with a server key for
 * no user), or the end user a `user` parameter names. The run pages read it as the API does for
 * that owner; the list links each run with its owner's `user`.
 */
const ownerOfPage = ({ caller, query }: PageContext): Owner =>
  ownerOf({ ...caller.principal, userId: query['user'] ? query['user'] : null });

const userQueryOf = (userId: string | undefined): string => (userId ? `?user=${encodeURIComponent(userId)}` : '');

const userQuery = (context: PageContext): string => userQueryOf(context.query['user']);

/** The user id of an owner subject (`user:<id>`), none for the service. */
const userOfOwner = (owner: string): string | undefined =>
  owner.startsWith(USER_PREFIX) ? owner.slice(USER_PREFIX.length) : undefined;
const USER_PREFIX = userSubject('');

/** A run of a project-wide list, linked to its page with its owner. */
export const runLink = (base: string, { run, owner }: ProjectRun): Html =>
  html`<a href="${base}/runs/${run.runId}${userQueryOf(userOfOwner(owner))}">${run.runId}</a>`;

/** The list's filters: the API's cursor and limit, a status, an end user (blank: every owner). */
const runsListQuery = agentCheckoutListQuerySchema.extend({
  status: z.enum(RUN_STATUSES).optional(),
  user: z
    .string()
    .regex(SERVICE_USER_ID, 'a user id is 1 to 255 printable characters, as x-service-user-id')
    .optional(),
});

/** Every run of the project, whoever owns it (ADR 0821), newest first, by status and owner. */
export const runsList: PageRoute = {
  method: 'GET',
  path: '/runs',
  async handle(context) {
    const { queries, query, base, render, project } = context;
    const { status, user, ...paging } = parseFields(runsListQuery, query);
    const page: Page<ProjectRun> = await queries.execute(
      new ListProjectRuns(project.projectId, { status, owner: user ? userSubject(user) : undefined }, paging),
    );
    return render(
      'Agent checkouts',
      SECTION,
      html`<form method="get" class="filters">
        ${selectField('status', 'Status', RUN_STATUSES, query['status'])}
        <label for="user">End user (blank: every owner)</label>
        <input id="user" name="user" value="${query['user'] ?? ''}">
        <p><button type="submit">Filter</button></p>
      </form>
      ${table(
        'Runs, newest first',
        ['Run', 'Status', 'Owner', 'Shop', 'Created'],
        page.data.map(({ run, owner }) => [
          runLink(base, { run, owner }),
          run.status,
          owner,
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

/**
 * The run's browser while it runs, read-only: the runner's live view in a frame, behind the
 * signed short-lived link the snapshot hands out (the page checked the run is the project's).
 */
const liveView = (run: RunSnapshot): Html =>
  run.browser
    ? html`<section aria-labelledby="live-view"><h2 id="live-view">Live view</h2>
      <iframe class="live-view" src="${run.browser.embedUrl}" referrerpolicy="no-referrer" title="Live view of the run's browser (read-only)"></iframe>
      <p><a href="${run.browser.embedUrl}">Open the live view on its own</a></p></section>`
    : html``;

const stepsTable = (context: PageContext, runId: string, steps: readonly RecordedStep[]): Html =>
  table(
    'Steps',
    ['#', 'When', 'Action', 'Page', 'Screenshot'],
    steps.map((step, index) => [
      index + 1,
      step.recordedAt,
      step.action,
      step.url,
      step.screenshotRef
        ? html`<img class="step-shot" loading="lazy" alt="Screenshot of step ${index + 1}: ${step.action}"
            src="${context.base}/runs/${runId}/steps/${index + 1}/screenshot${userQuery(context)}">`
        : 'none',
    ]),
  );

export const runPage: PageRoute = {
  method: 'GET',
  path: '/runs/:runId',
  async handle(context) {
    const { queries, params, render } = context;
    const owner = ownerOfPage(context);
    const run: RunSnapshot = await queries.execute(new GetRun(owner, params['runId']!));
    const steps: readonly RecordedStep[] = await queries.execute(new GetRunSteps(owner, run.runId));
    const messages: Page<MessageView> = await queries.execute(new ListMessages(owner, run.runId, {}));
    return render(
      `Run ${run.runId}`,
      SECTION,
      html`<p>Status <strong>${run.status}</strong>; shop ${run.input.request.startUrl}.</p>
      ${answerForm(context, run)}
      ${liveView(run)}
      ${stepsTable(context, run.runId, steps)}
      ${table(
        'Messages',
        ['When', 'From', 'Message'],
        messages.data.map((m) => [m.createdAt, m.role, messageText(m)]),
      )}
      ${'result' in run ? jsonBlock('Result and payment', run.result) : ''}`,
    );
  },
};

/** A step's screenshot, for an operator of the run's project only (the page's session and scope checks). */
export const runStepScreenshot: PageRoute = {
  method: 'GET',
  path: '/runs/:runId/steps/:step/screenshot',
  async handle(context) {
    const step = /^[1-9]\d{0,5}$/.test(context.params['step'] ?? '') ? Number(context.params['step']) : 0;
    if (step === 0) throw new DomainException(runErrors.notFound());
    const file: StoredBlob = await context.queries.execute(
      new GetRunScreenshot(ownerOfPage(context), context.params['runId']!, step),
    );
    return { file };
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
