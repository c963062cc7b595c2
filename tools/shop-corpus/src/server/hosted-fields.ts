import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { esc } from './html.js';

/** The card fields a payment processor hosts, one small page (and one frame) each. */
export type HostedField = 'number' | 'expiry' | 'cvc';

const FIELDS: Readonly<Record<HostedField, { label: string; autocomplete: string; placeholder: string }>> = {
  number: { label: 'Card number', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  expiry: { label: 'Expiration date', autocomplete: 'cc-exp', placeholder: 'MM / YY' },
  cvc: { label: 'CVV', autocomplete: 'cc-csc', placeholder: 'CVV' },
};

/** The messages between the shop's page and the processor's frames. */
const COLLECT = 'hosted-fields:collect';
const VALUE = 'hosted-fields:value';

/**
 * One field's page: a lone input that never leaves its frame until the shop's page asks for it,
 * and then only to that page (postMessage to the asker's origin), as Braintree Hosted Fields do.
 */
const fieldPage = (field: HostedField): string => {
  const { label, autocomplete, placeholder } = FIELDS[field];
  return `<!doctype html><html><head><meta charset="utf-8"><title>Secure ${esc(label.toLowerCase())} frame</title>
<style>body{margin:0;font:15px system-ui}label{position:absolute;left:-9999px}input{box-sizing:border-box;width:100%;height:34px;border:1px solid #bbb;border-radius:4px;padding:0 8px}</style></head>
<body><label for="f">${esc(label)}</label><input id="f" name="${field}" autocomplete="${autocomplete}" inputmode="numeric" placeholder="${esc(placeholder)}" aria-label="${esc(label)}">
<script>
window.addEventListener('message', (event) => {
  if (!event.data || event.data.type !== '${COLLECT}' || !event.source) return;
  event.source.postMessage({ type: '${VALUE}', field: '${field}', value: document.getElementById('f').value }, event.origin);
});
</script></body></html>`;
};

/** A payment processor's origin for one shop: a second loopback server that serves the field pages. */
export interface HostedFields {
  /** The processor's origin, e.g. http://127.0.0.1:41234. */
  readonly origin: string;
  close(): Promise<void>;
}

export const startHostedFields = async (host = '127.0.0.1'): Promise<HostedFields> => {
  const server = createServer((request, response) => {
    const field = /^\/fields\/(number|expiry|cvc)$/.exec(new URL(request.url ?? '/', 'http://x').pathname)?.[1];
    if (request.method !== 'GET' || !field) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(fieldPage(field as HostedField));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The names under which the shop's server receives the hosted fields' values with its form. */
export const HOSTED_NAMES: Readonly<Record<HostedField, string>> = {
  number: 'hosted_number',
  expiry: 'hosted_expiry',
  cvc: 'hosted_cvc',
};

/**
 * The card part of a shop's form when its processor hosts the fields: one sandboxed frame per
 * field, hidden inputs the values land in, and the script that collects them on submit (the
 * form is submitted once every frame has answered).
 */
export const hostedCardFields = (hosted: HostedFields, formId: string): string => {
  const fields = Object.keys(FIELDS) as HostedField[];
  const frames = fields
    .map(
      (field) =>
        `<div class="hosted-field"><span class="hosted-label">${esc(FIELDS[field].label)}</span><iframe data-hosted-field="${field}" title="Secure ${esc(FIELDS[field].label.toLowerCase())} input frame" sandbox="allow-scripts allow-same-origin" src="${hosted.origin}/fields/${field}" style="display:block;width:280px;height:38px;border:0"></iframe><input type="hidden" name="${HOSTED_NAMES[field]}"></div>`,
    )
    .join('\n');
  return `${frames}
<script>
(() => {
  const form = document.getElementById(${JSON.stringify(formId)});
  const origin = ${JSON.stringify(hosted.origin)};
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const frames = [...form.querySelectorAll('iframe[data-hosted-field]')];
    const values = {};
    const answer = (message) => {
      if (message.origin !== origin || !message.data || message.data.type !== '${VALUE}') return;
      values[message.data.field] = message.data.value;
      if (Object.keys(values).length < frames.length) return;
      window.removeEventListener('message', answer);
      for (const [field, value] of Object.entries(values)) form.elements['hosted_' + field].value = value;
      form.submit();
    };
    window.addEventListener('message', answer);
    for (const frame of frames) frame.contentWindow.postMessage({ type: '${COLLECT}' }, origin);
  });
})();
</script>`;
};
