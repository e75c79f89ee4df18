import { describe, expect, it } from 'vitest';
import {
  ReceiptCreateBody,
  ReceiptUpdateBody,
  ReturnCreateBody,
  toValidationErrors,
} from '../../../shared/schemas/bodies.ts';

const ID = '92f93d06-6c75-5c01-b79a-8f620b1bdb3c';
const LINE = { product_id: ID, quantity: '2', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '0' };

describe('request bodies (the schemas the client checks and the sandbox enforces)', () => {
  it('accepts a receipt as the client sends it', () => {
    const body = { storage_id: ID, received_at: '2026-02-03T00:00:00+11:00', supplier: 'Farmco', line_items: [LINE] };
    expect(ReceiptCreateBody.parse(body)).toMatchObject(body);
  });

  it('says in plain words what is missing or mistyped, in the shape of gaps row 6', () => {
    const result = ReceiptCreateBody.safeParse({
      storage_id: 'shed-1',
      line_items: [{}, { ...LINE, quantity: 5 }, { ...LINE, quantity: '0' }],
    });
    expect(result.success).toBe(false);
    const { errors } = toValidationErrors(result.error!.issues, 3);
    expect(errors).toMatchObject({
      storage_id: ['must be an id (UUID)'],
      received_at: ["can't be blank"],
      supplier: ["can't be blank"],
      line_items: [
        { product_id: ["can't be blank"] },
        { quantity: ['must be a decimal string such as "12.50"'] },
        { quantity: ['must be greater than 0'] },
      ],
    });
  });

  it('refuses line_items null on update (spec section 4), accepts an empty array', () => {
    expect(ReceiptUpdateBody.safeParse({ line_items: null }).success).toBe(false);
    expect(ReceiptUpdateBody.safeParse({ line_items: [] }).success).toBe(true);
    expect(ReceiptUpdateBody.safeParse({}).success).toBe(true);
  });

  it('refuses a zero amount, a blank unit and an over-long supplier on a return', () => {
    const result = ReturnCreateBody.safeParse({
      storage_id: ID,
      product_id: ID,
      returned_at: '2026-02-03T00:00:00+11:00',
      supplier: 'x'.repeat(256),
      amount_value: '0',
      amount_unit: ' ',
    });
    expect(toValidationErrors(result.error!.issues).errors).toEqual({
      supplier: ['should be at most 255 characters'],
      amount_value: ['must be greater than 0'],
      amount_unit: ["can't be blank"],
    });
  });
});
