import { OTHER_RUNNER, RUNNER, at, given, iso, spec } from './fixtures.js';

const post = (text = 'Please use the gift wrap', messageId = 'm-1') =>
  ({ type: 'PostMessage', data: { messageId, text, now: at(9) } }) as const;
const narrate = (runnerId = RUNNER, messageId = 'a-1') =>
  ({ type: 'PostAgentMessage', data: { runnerId, messageId, text: 'Added the tee to the cart', now: at(9) } }) as const;
const posted = (role: 'user' | 'agent', messageId: string, text: string) => ({
  type: 'CheckoutRunMessagePosted' as const,
  data: { messageId, role, text, postedAt: iso(9) },
});

describe('user messages', () => {
  it.each([['queued'], ['running'], ['awaiting']] as const)('are recorded as events while the run is %s', (point) => {
    spec
      .given(given[point]())
      .when(post())
      .then([posted('user', 'm-1', 'Please use the gift wrap')]);
  });

  it('are idempotent by the client-generated id', () => {
    spec
      .given([...given.running(), posted('user', 'm-1', 'Please use the gift wrap')])
      .when(post())
      .thenNothingHappened();
  });

  it('refuse a different text under an id already used', () => {
    spec
      .given([...given.running(), posted('user', 'm-1', 'Please use the gift wrap')])
      .when(post('Something else'))
      .thenFails({ code: 'message_id_conflict', kind: 'conflict' });
    spec
      .given([...given.running(), posted('agent', 'm-1', 'Please use the gift wrap')])
      .when(post())
      .thenFails({ code: 'message_id_conflict' });
  });

  it('are refused on a final run, but a replay still changes nothing', () => {
    spec.given(given.succeeded()).when(post()).thenFails({ code: 'checkout_run_final' });
    spec
      .given([...given.running(), posted('user', 'm-1', 'Please use the gift wrap'), ...given.succeeded().slice(2)])
      .when(post())
      .thenNothingHappened();
  });

  it('hold 1 to 20000 characters, counting an emoji as one', () => {
    spec
      .given(given.running())
      .when(post(''))
      .thenFails({ code: 'invalid_command', parameters: { field: 'text' } });
    spec
      .given(given.running())
      .when(post('x'.repeat(20001)))
      .thenFails({ parameters: { field: 'text' } });
    spec
      .given(given.running())
      .when(post('😀'.repeat(20000)))
      .events();
  });

  it('need a message id', () => {
    spec
      .given(given.running())
      .when(post('hi', ''))
      .thenFails({ parameters: { field: 'messageId' } });
  });
});

describe('agent messages', () => {
  it('are recorded from the runner holding the lease', () => {
    spec
      .given(given.running())
      .when(narrate())
      .then([posted('agent', 'a-1', 'Added the tee to the cart')]);
  });

  it('are refused from any other runner', () => {
    spec.given(given.running()).when(narrate(OTHER_RUNNER)).thenFails({ code: 'lease_not_held' });
    spec.given(given.queued()).when(narrate()).thenFails({ code: 'lease_not_held' });
  });
});
