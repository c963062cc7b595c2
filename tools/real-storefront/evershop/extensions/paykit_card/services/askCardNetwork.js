/* global fetch, AbortSignal -- Node 20 globals */
/** Asks the card network to authorize an amount on a card: `{ authorizationId, approved, declineCode? }`. */
export const askCardNetwork = async (url, ask) => {
  if (!url) throw new Error('no card network configured');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ask),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`card network answered HTTP ${response.status}`);
  const answer = await response.json();
  if (typeof answer.approved !== 'boolean' || typeof answer.authorizationId !== 'string')
    throw new Error('card network answer has no decision');
  return answer;
};
