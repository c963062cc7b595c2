import type { OrderLine } from './order-book.js';

/** A visitor's cart: lines of sku, name, quantity and unit price in cents. */
export class Cart {
  lines: OrderLine[] = [];

  add(line: OrderLine): void {
    const same = this.lines.find((existing) => existing.sku === line.sku);
    if (same)
      this.lines = this.lines.map((existing) =>
        existing === same ? { ...existing, quantity: existing.quantity + line.quantity } : existing,
      );
    else this.lines.push(line);
  }

  get count(): number {
    return this.lines.reduce((sum, line) => sum + line.quantity, 0);
  }

  get subtotalCents(): number {
    return this.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  }

  clear(): void {
    this.lines = [];
  }
}
