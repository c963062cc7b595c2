import { type PageContent } from '../context.js';
import { html } from '../html/html.js';

/** A human-verification wall: an automated client cannot get past it. */
export const captchaPage = (next: string, failed: boolean): PageContent => ({
  title: 'Verify you are human',
  status: failed ? 403 : 200,
  body: html`<section id="captcha" class="captcha" data-testid="captcha" data-challenge="human-verification">
<h1>Verify you are human</h1>
<p>Before you continue, we need to make sure you are not a robot. Complete the security check below.</p>
${failed ? html`<p role="alert" class="error" data-testid="captcha-error">Verification failed. Please try again.</p>` : ''}
<form method="post" action="/verify" id="captcha-form">
<input type="hidden" name="next" value="${next}">
<label><input type="checkbox" name="human" value="yes" id="captcha-checkbox"> I'm not a robot</label>
<div id="captcha-challenge" aria-label="Security challenge">Select all images with traffic lights.</div>
<button type="submit" id="captcha-submit">Verify</button>
</form>
</section>`,
});

export const blockedPage = (): PageContent => ({
  title: 'Access denied',
  status: 403,
  body: html`<section id="access-blocked" data-testid="access-blocked">
<h1>Access denied</h1>
<p>Your request was blocked by this site's security policy. If you believe this is a mistake, contact the store.</p>
</section>`,
});

export const notFoundPage = (what: string): PageContent => ({
  title: 'Not found',
  status: 404,
  body: html`<h1>Not found</h1><p data-testid="not-found">${what}</p><p><a href="/">Back to the shop</a></p>`,
});

export const legalPage = (title: string): PageContent => ({
  title,
  body: html`<h1>${title}</h1><p>This is a demo shop. Nothing is shipped and no real money is charged.</p>`,
});
