/**
 * The places to send of an import run: at most `size` records sending at once, taken in the order
 * asked (first come, first served), each held by its record until the record is done.
 */

/** A record's claim on a place: taken when it is about to send, released once the record is done. */
export interface Hold {
  /** Waits for a place (once; later calls resolve at once). Resolves true when this call took it. */
  take(): Promise<boolean>;
  /** Gives the place back, if taken (the next waiting record gets it). */
  release(): void;
}

/** A first-come, first-served count of places; {@link Places.hold} gives one record its claim. */
export class Places {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  /** @param size places (1 and up). */
  constructor(size: number) {
    this.free = size;
  }

  /** A new, untaken claim for one record. */
  hold(): Hold {
    let state: 'none' | 'waiting' | 'held' | 'released' = 'none';
    let taking: Promise<boolean> | null = null;
    return {
      take: () => {
        if (taking) return taking.then(() => false);
        state = 'waiting';
        taking = this.acquire().then(() => {
          // Released before the place came: hand it straight on.
          if (state === 'released') this.give();
          else state = 'held';
          return true;
        });
        return taking;
      },
      release: () => {
        if (state === 'held') this.give();
        state = 'released';
      },
    };
  }

  private acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
