import type { RecordCardPaymentResult } from '@paykit/orders';
import type { Charge } from '@paykit/providers';

/** What the processor's answer records on the order (ADR 0101: a decline and a verification step are answers). */
export const cardResultOf = (paymentId: string, charge: Charge, at: string): RecordCardPaymentResult => {
  const base = { paymentId, chargeId: charge.chargeId, at };
  switch (charge.status) {
    case 'succeeded':
      return { type: 'RecordCardPaymentResult', data: { ...base, outcome: 'succeeded' } };
    case 'declined':
      return {
        type: 'RecordCardPaymentResult',
        data: { ...base, outcome: 'declined', message: charge.failureReason.message },
      };
    case 'requires-verification':
      return {
        type: 'RecordCardPaymentResult',
        data: {
          ...base,
          outcome: 'requires-verification',
          verification: { type: charge.verification.type, url: charge.verification.url },
        },
      };
  }
};
