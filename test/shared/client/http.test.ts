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

/** One request in flight, under either kind of limit: the rest wait, in the order the test checks. */
const ONE_AT_A_TIME: [string, Partial<ServiceClientOptions>][] = [
  ['fixed (maxInFlight)', { maxInFlight: 1 }],
  ['adaptive', { adaptive: { initial: 1, max: 1 } }],
];

/** `count` creates answered 201; the first holds the only place 50 ms, so the rest queue behind it. */
function scriptCreates(count: number): void {
  const answers = Array.from({ length: count }, (_, i) => ({ status: 201, body: receipt(i + 1) }));
  fake.on('POST', `${org}/receipts`, { ...answers[0]!, delayMs: 50 }, ...answers.slice(1));
}

describe('the requests in flight', () => {
  it.each(ONE_AT_A_TIME)('%s: a create cancelled while it waits for its place is never sent', async (_, limit) => {
    scriptCreates(2);
    const client = createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, ...limit }).forOrganisation(ORG);
    const controller = new AbortController();
    const first = client.createReceipt({ ...receiptBody, order_number: 'first' });
    const waiting = client.createReceipt({ ...receiptBody, order_number: 'cancelled' }, { signal: controller.signal });
    controller.abort(new Error('stopped by the user'));
    await expect(waiting).rejects.toThrow('stopped by the user');
    await first;
    // Time enough for a send wrongly made once the place is free.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.requests.map((r) => (r.body as { order_number: string }).order_number)).toEqual(['first']);
  });

  it.each(ONE_AT_A_TIME)('%s: a read asked while creates wait is sent before them', async (_, limit) => {
    const rid = String(receipt(9).id);
    scriptCreates(3);
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

  it.each(ONE_AT_A_TIME)(
    '%s: a create asked as urgent (a record sent again) goes before the creates waiting',
    async (_, limit) => {
      scriptCreates(4);
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
    },
  );
});
