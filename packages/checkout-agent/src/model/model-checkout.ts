import { isCardForm, readCardFields } from '../browser/card/card-fields.js';
import { enterRunCard } from '../browser/card/pay-by-card.js';
import { Decimal } from '@paykit/kernel';
import type { Locator } from 'playwright-core';
import { isRunStopped } from '../strategy/run-stopped.js';
import type { StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';
import { type ChatMessage, type ChatModel, ModelError } from './chat-model.js';
import { MODEL_TOOLS, type ModelAction, UnusableAction, parseAction, parseJsonReply } from './model-actions.js';
import { SYSTEM_PROMPT, taskPrompt } from './model-prompt.js';
import type { ModelBrowser, OpenModelBrowser } from './model-browser.js';
import { describeSummary, elementOf, summarisePage } from './page-summary.js';

interface Settings {
  readonly model: ChatModel;
  readonly openBrowser: OpenModelBrowser;
  readonly maxTurns: number;
  readonly maxUnusableReplies: number;
}

/** What one action gave: the run's outcome, or a note for the model's next turn. */
type Performed = { readonly outcome: StrategyOutcome } | { readonly note: string };

interface Payment {
  readonly attemptId: string;
  readonly total: { readonly amount: string; readonly currency: string };
}

const PAYMENT_FIELD = /payment_token|card|cvc|cc-/i;

/** One run driven by the model, turn by turn, on its own browser page. */
export class ModelCheckout {
  private readonly messages: ChatMessage[] = [];
  private payment: Payment | null = null;
  private unusable = 0;

  constructor(
    private readonly context: StrategyContext,
    private readonly settings: Settings,
  ) {}

  async run(): Promise<StrategyOutcome> {
    const browser = await this.settings.openBrowser(this.context);
    try {
      await this.context.attachBrowser(browser.page);
      const startUrl = this.context.input.request.startUrl;
      await browser.step(`Open ${startUrl}`);
      await browser.page.goto(startUrl, { waitUntil: 'load' });
      this.messages.push(
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: taskPrompt(this.context) },
      );
      return await this.turns(browser);
    } catch (error) {
      if (error instanceof ModelError) return modelError(error.message);
      throw error;
    } finally {
      await browser.close();
    }
  }

  private async turns(browser: ModelBrowser): Promise<StrategyOutcome> {
    let note = 'The start page is open.';
    let answer: (content: string) => void = (content) => this.messages.push({ role: 'user', content });
    for (let turn = 0; turn < this.settings.maxTurns; turn++) {
      answer(`${note}\n\n${describeSummary(await summarisePage(browser.page))}`);
      const reply = await this.settings.model.complete(this.messages, MODEL_TOOLS, this.context.signal);
      this.messages.push(reply);
      const [call, ...ignored] = reply.tool_calls ?? [];
      for (const extra of ignored)
        this.messages.push({ role: 'tool', tool_call_id: extra.id, content: 'Ignored: one action per turn.' });
      answer = call
        ? (content) => this.messages.push({ role: 'tool', tool_call_id: call.id, content })
        : (content) => this.messages.push({ role: 'user', content });
      let action: ModelAction;
      try {
        action = call ? parseAction(call.function.name, call.function.arguments) : parseJsonReply(reply.content ?? '');
      } catch (error) {
        if (!(error instanceof UnusableAction)) throw error;
        note = this.unusableReply(error.message);
        continue;
      }
      const performed = await this.perform(browser, action);
      if ('outcome' in performed) return performed.outcome;
      note = performed.note;
    }
    return modelError(`The model did not finish within ${this.settings.maxTurns} turns.`);
  }

  private unusableReply(message: string): string {
    this.unusable++;
    if (this.unusable >= this.settings.maxUnusableReplies)
      throw new ModelError(`The model's replies named no usable action (${message})`);
    return `Not done: ${message}`;
  }

  private async perform(browser: ModelBrowser, action: ModelAction): Promise<Performed> {
    const { page } = browser;
    switch (action.kind) {
      case 'goto': {
        if (!URL.canParse(action.url) || !/^https?:$/.test(new URL(action.url).protocol))
          return this.refuse('goto needs an absolute http(s) URL.');
        await browser.step(`Go to ${action.url}`);
        return this.onPage(() => page.goto(action.url, { waitUntil: 'load' }));
      }
      case 'click': {
        const element = await elementOf(page, action.ref);
        if (!element) return this.refuse(`There is no element [${action.ref}] on this page.`);
        await browser.step(`Click ${await labelOf(element)}`);
        return this.onPage(async () => {
          await element.click();
          await page.waitForLoadState('load');
        });
      }
      case 'fill':
      case 'select': {
        const element = await elementOf(page, action.ref);
        if (!element) return this.refuse(`There is no element [${action.ref}] on this page.`);
        const name = (await element.getAttribute('name')) ?? action.ref;
        if (PAYMENT_FIELD.test(name)) return this.refuse('Payment fields are filled by the agent: call pay.');
        await browser.step(`${action.kind === 'fill' ? 'Fill' : 'Choose'} ${name}`);
        return this.onPage(async () => {
          if (action.kind === 'fill') await element.fill(action.value);
          else await element.selectOption(action.value).catch(() => element.selectOption({ label: action.value }));
        });
      }
      case 'pay':
        return this.pay(browser, action);
      case 'done': {
        if (!this.payment) return this.refuse('Nothing has been paid yet: pay on the payment page first.');
        const text = (await summarisePage(page)).text;
        const orderNumber = action.orderNumber && text.includes(action.orderNumber) ? action.orderNumber : null;
        await browser.step('Read the order confirmation');
        return {
          outcome: {
            kind: 'succeeded',
            summary: action.summary,
            receipt: { total: this.payment.total, ...(orderNumber ? { merchantOrderId: orderNumber } : {}) },
          },
        };
      }
      case 'blocked':
        return { outcome: { kind: 'blocked', code: action.code, summary: action.summary } };
      case 'give_up':
        return { outcome: modelError(`The model gave up: ${action.reason}`) };
    }
  }

  private async pay(browser: ModelBrowser, action: Extract<ModelAction, { kind: 'pay' }>): Promise<Performed> {
    if (this.payment) return this.refuse('The payment has been submitted already.');
    const { page } = browser;
    const submit = await elementOf(page, action.submit);
    if (!submit) return this.refuse('pay needs the ref of the pay button on this page.');
    if (!isCardForm(await readCardFields(page))) return this.refuse('This page has no card form to pay with.');
    // The model's reading of the total is checked against the page: a total it made up is not paid.
    if (!amountsOn((await summarisePage(page)).text).some((shown) => shown.equals(new Decimal(action.total.amount)))) {
      return this.refuse(`The page does not show a total of ${action.total.amount}.`);
    }
    await browser.step(`Pay ${action.total.amount} ${action.total.currency}`);
    const start = await this.context.startPayment(action.total);
    if (start.kind === 'over_max_cost') {
      const { maxCost } = start;
      const summary = `The final total of ${action.total.amount} ${action.total.currency} is above the maximum of ${maxCost.amount} ${maxCost.currency}; nothing was paid.`;
      return { outcome: { kind: 'blocked', code: 'policy.max_cost_exceeded', summary } };
    }
    if (start.kind === 'not_priced')
      return { outcome: { kind: 'failed', reason: 'accounting_unavailable', detail: start.message } };
    this.payment = { attemptId: start.attemptId, total: action.total };
    // The card exists only now, for the total startPayment accepted; the model never sees it.
    const entry = {
      page,
      context: this.context,
      check: (box: Locator) => box.check(),
      step: (what: string) => browser.step(what),
    };
    const failed = await enterRunCard(entry, start.attemptId);
    if (failed) return { outcome: failed };
    return this.onPage(async () => {
      await submit.click();
      await page.waitForLoadState('load');
    });
  }

  private refuse(message: string): Performed {
    return { note: this.unusableReply(message) };
  }

  /** A page action the model chose; its failure (a detached element, a timeout) is the model's to handle. */
  private async onPage(action: () => Promise<unknown>): Promise<Performed> {
    try {
      await action();
      this.unusable = 0;
      return { note: 'Done.' };
    } catch (error) {
      if (isRunStopped(error) || this.context.signal.aborted) throw error;
      return { note: this.unusableReply(`The action failed: ${(error as Error).message.split('\n')[0]}`) };
    }
  }
}

const modelError = (detail: string): StrategyOutcome => ({ kind: 'failed', reason: 'model_error', detail });

const labelOf = async (element: Awaited<ReturnType<typeof elementOf>> & object): Promise<string> => {
  const text = ((await element.innerText().catch(() => '')) || (await element.getAttribute('aria-label')) || '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? `"${text.slice(0, 80)}"` : 'an element';
};

/** Every decimal amount written on the page (thousands separators dropped). */
const amountsOn = (text: string): Decimal[] =>
  [...text.matchAll(/\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?/g)].map(
    (match) => new Decimal(match[0].replace(/,/g, '')),
  );
