import { type FastifyInstance } from 'fastify';
import { seeOther, sendPage, type WebDeps } from '../context.js';
import { loginFormSchema, safeNextPath } from '../forms.js';
import { loginPage } from '../pages/login.js';

export const accountRoutes = async (app: FastifyInstance, deps: WebDeps): Promise<void> => {
  const { accounts, visitors } = deps;

  app.get<{ Querystring: { next?: string } }>('/login', async (request, reply) =>
    sendPage(deps, request, reply, visitors.for(request, reply), loginPage(safeNextPath(request.query.next))),
  );

  app.post('/login', async (request, reply) => {
    const visitor = visitors.for(request, reply);
    const form = loginFormSchema.safeParse(request.body);
    const next = safeNextPath(form.success ? form.data.next : undefined);
    const account = form.success ? accounts.verify(form.data.email, form.data.password) : undefined;
    if (!account)
      return sendPage(
        deps,
        request,
        reply,
        visitor,
        loginPage(next, { email: form.success ? form.data.email : '', failed: true }),
      );
    accounts.logIn(reply, account);
    return seeOther(reply, next);
  });

  app.post('/logout', async (_request, reply) => {
    accounts.logOut(reply);
    return seeOther(reply, '/');
  });
};
