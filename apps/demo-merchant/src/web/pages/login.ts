import { type PageContent } from '../context.js';
import { html } from '../html/html.js';

export const loginPage = (next: string, state: { email?: string; failed?: boolean } = {}): PageContent => ({
  title: 'Log in',
  status: state.failed ? 401 : 200,
  body: html`<h1>Log in</h1>
${state.failed ? html`<p role="alert" class="error" data-testid="login-error">Invalid email or password.</p>` : ''}
<form method="post" action="/login" id="login-form" data-testid="login-form">
<input type="hidden" name="next" value="${next}">
<label for="login-email">Email</label>
<input id="login-email" name="email" type="email" autocomplete="username" value="${state.email ?? ''}" required>
<label for="login-password">Password</label>
<input id="login-password" name="password" type="password" autocomplete="current-password" required>
<div><button type="submit" id="login-button" data-testid="login-button">Log in</button></div>
</form>`,
});
