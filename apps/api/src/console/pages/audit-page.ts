import type { PageRoute } from '../console-routes.js';
import { table } from '../html/html.js';

/** Every operator's logins and actions on this project (and their project-less logins), newest first. */
export const auditLog: PageRoute = {
  method: 'GET',
  path: '/audit',
  async handle({ platform, project, render }) {
    const entries = await platform.operators.auditLog([project.projectId]);
    return render(
      'Audit log',
      'Audit log',
      table(
        'Operator actions, newest first',
        ['When', 'Operator', 'Action', 'Target'],
        entries.slice(0, 500).map((entry) => [entry.at, entry.email, entry.action, entry.target ?? '']),
      ),
    );
  },
};
