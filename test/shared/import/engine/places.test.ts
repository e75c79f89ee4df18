// The places to send of an import run: first come, first served; a record whose answer was lost steps
// aside while it looks itself up and takes a place back ahead of the records that have not started.
import { describe, expect, it } from 'vitest';
import { Places } from '../../../../shared/import/engine/places.ts';

/** Lets the promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Takes `hold`'s place and writes `name` into `order` once it comes. */
function taking(order: string[], name: string, hold: { take(): Promise<boolean> }) {
  return hold.take().then((first) => {
    order.push(name);
    return first;
  });
}

describe('Places', () => {
  it('gives places first come, first served, and the next waiting record gets a released one', async () => {
    const places = new Places(1);
    const order: string[] = [];
    const a = places.hold();
    const b = places.hold();
    const c = places.hold();
    const took = [taking(order, 'a', a), taking(order, 'b', b), taking(order, 'c', c)];
    await settle();
    expect(order).toEqual(['a']);
    a.release();
    await settle();
    expect(order).toEqual(['a', 'b']);
    b.release();
    await settle();
    expect(order).toEqual(['a', 'b', 'c']);
    expect(await Promise.all(took)).toEqual([true, true, true]);
  });

  it('a record stepping aside gives its place to the next record, and takes one back ahead of those not started', async () => {
    const asideCounts: number[] = [];
    const places = new Places(1, { onAside: (n) => asideCounts.push(n) });
    const order: string[] = [];
    const lost = places.hold();
    await taking(order, 'lost: first send', lost);
    const next = places.hold();
    const later = places.hold();
    void taking(order, 'next', next);
    void taking(order, 'later', later);
    await settle();
    expect(order).toEqual(['lost: first send']);
    // Its answer lost: it looks itself up without a place, and the next record sends meanwhile.
    lost.stepAside();
    await settle();
    expect(order).toEqual(['lost: first send', 'next']);
    expect(places.aside).toBe(1);
    // Found absent: it asks for its place back, after `later` asked; it still comes first.
    const again = taking(order, 'lost: sent again', lost);
    next.release();
    await settle();
    expect(order).toEqual(['lost: first send', 'next', 'lost: sent again']);
    // Taken back, not a first take: a stop asked meanwhile does not leave it unsent.
    expect(await again).toBe(false);
    lost.release();
    await settle();
    expect(order.at(-1)).toBe('later');
    expect(asideCounts).toEqual([1, 0]);
    expect(places.aside).toBe(0);
  });

  it('a record released while stepped aside gives back no place it does not hold', async () => {
    const places = new Places(2);
    const a = places.hold();
    const b = places.hold();
    await a.take();
    await b.take();
    a.stepAside();
    a.release(); // found in the service: done without sending again
    a.release();
    b.release();
    // Two places, no more: a third record waits for one of the first two.
    const order: string[] = [];
    const holds = [places.hold(), places.hold(), places.hold()];
    holds.forEach((h, i) => void taking(order, `r${i}`, h));
    await settle();
    expect(order).toEqual(['r0', 'r1']);
    expect(places.aside).toBe(0);
  });

  it('stepping aside without a place, or twice, changes nothing', async () => {
    const places = new Places(1);
    const a = places.hold();
    a.stepAside();
    expect(places.aside).toBe(0);
    await a.take();
    a.stepAside();
    a.stepAside();
    expect(places.aside).toBe(1);
    const b = places.hold();
    const order: string[] = [];
    void taking(order, 'b', b);
    await settle();
    expect(order).toEqual(['b']);
    // a waits for b's place: one place, never two records sending.
    void taking(order, 'a again', a);
    await settle();
    expect(order).toEqual(['b']);
    b.release();
    await settle();
    expect(order).toEqual(['b', 'a again']);
  });
});
