import { commit, getConnection, rollback, select, startTransaction } from '@evershop/evershop/lib/postgres/query';
import { pool } from '@evershop/evershop/lib/postgres';
import { getConfig } from '@evershop/evershop/lib/util/getConfig';
import { addPaymentTransaction, updatePaymentStatus } from '@evershop/evershop/oms/services';
import { getSetting } from '@evershop/evershop/setting/services';
import { askCardNetwork } from '../../services/askCardNetwork.js';

const fail = (response, status, message) => {
  response.status(status);
  response.json({ error: { status, message } });
};

/**
 * Authorizes an order placed with the typed-card method: the card network decides, the order's
 * payment status records its answer. The card's details are sent to the network and nowhere else.
 */
export default async (request, response) => {
  const { order_id: orderUuid, card } = request.body;
  const order = await select().from('order').where('uuid', '=', orderUuid).load(pool);
  if (!order || order.payment_method !== 'paykit_card') return fail(response, 404, 'Order not found');
  if (order.payment_status === 'card_authorized') return fail(response, 409, 'This order is already paid');
  const origin = getConfig('paykitCard.storefrontOrigin', `${request.protocol}://${request.get('host')}`);
  let answer;
  try {
    answer = await askCardNetwork(getConfig('paykitCard.cardNetworkUrl', ''), {
      card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc },
      amount: { value: Number(order.grand_total).toFixed(2), currency: order.currency },
      merchant: { name: await getSetting('storeName', 'EverShop'), url: origin },
    });
  } catch {
    return fail(response, 502, 'The card could not be checked right now; nothing was charged');
  }
  const connection = await getConnection(pool);
  await startTransaction(connection);
  try {
    if (answer.approved)
      await addPaymentTransaction(
        connection,
        order.order_id,
        Number(order.grand_total),
        answer.authorizationId,
        'online',
        'Authorize',
      );
    await updatePaymentStatus(order.order_id, answer.approved ? 'card_authorized' : 'card_declined', connection);
    await commit(connection);
  } catch (failure) {
    await rollback(connection);
    throw failure;
  }
  if (!answer.approved) return fail(response, 402, 'Your card was declined');
  response.status(200);
  response.json({ data: { authorizationId: answer.authorizationId, orderId: orderUuid } });
};
