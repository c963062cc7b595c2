import { OPERATOR_ROLES, isOperatorRole } from '@paykit/platform';
import { DomainException, invalid } from '@paykit/kernel';
import type { PageContext, PageRoute } from '../console-routes.js';
import { html, table } from '../html/html.js';
import { csrfField } from '../html/layout.js';

const operatorsView = async ({ platform, project, base, csrfToken, render }: PageContext, created?: string) => {
  const operators = (await platform.operators.list()).filter((o) => o.projectIds.includes(project.projectId));
  return render(
    'Operators',
    'Operators',
    html`${created ? html`<div class="notice" role="status"><p>One-time password, shown this once:</p><p class="secret">${created}</p></div>` : ''}
    ${table(
      'Operators of this project',
      ['Email', 'Role', 'Projects', 'Created'],
      operators.map((o) => [o.email, o.role, o.projectIds.join(', '), o.createdAt]),
    )}
    <h2>Add an operator</h2>
    <form method="post" action="${base}/operators">
      ${csrfField(csrfToken)}
      <label for="email">Email</label><input id="email" name="email" type="email" required>
      <label for="role">Role</label>
      <select id="role" name="role">${OPERATOR_ROLES.map((role) => html`<option value="${role}">${role}</option>`)}</select>
      <p><button type="submit">Create operator</button></p>
    </form>`,
  );
};

export const operators: PageRoute = {
  method: 'GET',
  path: '/operators',
  access: 'admin',
  handle: (c) => operatorsView(c),
};

/** An admin adds an operator to this project; the password is generated and shown once. */
export const createOperator: PageRoute = {
  method: 'POST',
  path: '/operators',
  access: 'admin',
  async handle(context) {
    const role = context.body['role'] ?? '';
    if (!isOperatorRole(role))
      throw new DomainException(invalid('invalid_role', `The role is one of ${OPERATOR_ROLES.join(', ')}`));
    const { operator, password } = await context.platform.operators.create(
      { email: context.body['email'] ?? '', role, projectIds: [context.project.projectId] },
      { actor: context.caller.context.actor, correlationId: context.caller.context.correlationId },
    );
    await context.audit('operator.create', operator.email);
    return operatorsView(context, password ?? undefined);
  },
};
