import type { PaymentMethodEvent } from '@paykit/identity';
import { type ReadModelDatabase, defineProjection } from '@paykit/projections';

const prepare = (db: ReadModelDatabase, sql: string) => db.prepare<unknown[]>(sql);
type Statement = ReturnType<typeof prepare>;

export const PAYMENT_METHODS_PROJECTION = 'payment-methods';

/**
 * Saved payment methods per project (and user), in the order they were saved (`seq`, the
 * global position of the save): what the list pages through and where `default` (the user's
 * oldest) is looked up. A deleted method's row goes. No account number is ever here.
 */
export const paymentMethodsProjection = defineProjection<{ insert: Statement; remove: Statement }>({
  name: PAYMENT_METHODS_PROJECTION,
  version: 1,
  tables: ['payment_methods'],
  schema: `
    CREATE TABLE IF NOT EXISTS payment_methods (
      payment_method_id TEXT PRIMARY KEY,
      project_id TEXT NOT NULL,
      user_locator TEXT NOT NULL,
      seq INTEGER NOT NULL,
      resource TEXT NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS payment_methods_by_project ON payment_methods (project_id, seq);
    CREATE INDEX IF NOT EXISTS payment_methods_by_user ON payment_methods (project_id, user_locator, seq);
  `,
  statements: (db) => ({
    insert: prepare(
      db,
      'INSERT OR IGNORE INTO payment_methods (payment_method_id, project_id, user_locator, seq, resource) VALUES (?, ?, ?, ?, ?)',
    ),
    remove: prepare(db, 'DELETE FROM payment_methods WHERE payment_method_id = ?'),
  }),
  apply: (event, { insert, remove }) => {
    const projectId = event.metadata.projectId;
    if (projectId === null) return;
    const paymentMethod = { type: event.type, data: event.data } as PaymentMethodEvent;
    switch (paymentMethod.type) {
      case 'PaymentMethodSaved': {
        const { paymentMethodId, userLocator, type, bankAccount, createdAt } = paymentMethod.data;
        insert.run(
          paymentMethodId,
          projectId,
          userLocator,
          event.position,
          JSON.stringify({ paymentMethodId, type, bankAccount, createdAt }),
        );
        break;
      }
      case 'PaymentMethodDeleted':
        remove.run(paymentMethod.data.paymentMethodId);
        break;
    }
  },
});
