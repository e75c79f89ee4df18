// The client's requests in flight: reads, and writes asked as urgent, wait ahead of first attempts of writes, at any limit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../shared/client/index.ts';
import { FakeService } from './fake-service.ts';
import { ORG, receipt, receiptBody } from './fixtures.ts';

let fake: FakeService;
beforeEach(async () => {
  fake = await new FakeService().start();
});
afterEach(async () => {
  await fake.close();
});

const org = `/api/shed/organisations/${ORG}`;

describe('the requests in flight', () => {
  it.each<[string, Partial<ServiceClientOptions>]>([
    ['fixed (maxInFlight)', { maxInFlight: 1 }],
    ['adaptive', { adaptive: { initial: 1, max: 1 } }],
  ])('%s: a read asked while creates wait is sent before them', async (_, limit) => {
    const rid = String(receipt(9).id);
    // The first create holds the only place a while: the rest queue behind it.
    fake.on(
      'POST',
      `${org}/receipts`,
      { status: 201, body: receipt(1), delayMs: 50 },
      { status: 201, body: receipt(2) },
      { status: 201, body: receipt(3) },
    );
    fake.on('GET', `/api/shed/receipts/${rid}`, { status: 200, body: receipt(9) });
    const client = createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, ...limit }).forOrganisation(ORG);
    await Promise.all([
      client.createReceipt(receiptBody),
      client.createReceipt(receiptBody),
      client.createReceipt(receiptBody),
      client.getReceipt(rid),
    ]);
    expect(fake.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'POST', 'POST']);
  });

  it.each<[string, Partial<ServiceClientOptions>]>([
    ['fixed (maxInFlight)', { maxInFlight: 1 }],
    ['adaptive', { adaptive: { initial: 1, max: 1 } }],
  ])('%s: a create asked as urgent (a record sent again) goes before the creates waiting', async (_, limit) => {
    fake.on(
      'POST',
      `${org}/receipts`,
      { status: 201, body: receipt(1), delayMs: 50 },
      { status: 201, body: receipt(2) },
      { status: 201, body: receipt(3) },
      { status: 201, body: receipt(4) },
    );
    const client = createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, ...limit }).forOrganisation(ORG);
    const answered = await Promise.all([
      client.createReceipt({ ...receiptBody, order_number: 'first' }),
      client.createReceipt({ ...receiptBody, order_number: 'waiting 1' }),
      client.createReceipt({ ...receiptBody, order_number: 'waiting 2' }),
      client.createReceipt({ ...receiptBody, order_number: 'again' }, { urgent: true }),
    ]);
    const sent = fake.requests.map((r) => (r.body as { order_number: string }).order_number);
    expect(sent).toEqual(['first', 'again', 'waiting 1', 'waiting 2']);
    expect(answered).toHaveLength(4);
  });
});
