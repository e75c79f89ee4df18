/**
 * The places to send of an import run: at most `size` records sending at once, taken in the order
 * asked (first come, first served), each held by its record until the record is done, except while a
 * record whose answer was lost looks itself up and waits its back-off: it steps aside (gives its place
 * to the next record) and takes one back before it sends again, ahead of the records that have not
 * started yet, so records in recovery finish first and the run's tail stays short.
 */

/** A record's claim on a place: taken when it is about to send, released once the record is done. */
export interface Hold {
  /**
   * Waits for a place. The first call queues behind the records that asked before (first come, first
   * served) and resolves true; later calls resolve false: at once while the place is held, or once a
   * place is taken back after {@link Hold.stepAside} (ahead of every first take waiting).
   */
  take(): Promise<boolean>;
  /**
   * Gives the place back while the record is not sending (it looks itself up, it waits its back-off);
   * the claim stays: the next {@link Hold.take} takes a place back first. Nothing when not held.
   */
  stepAside(): void;
  /** Gives the place back, if taken (the next waiting record gets it); the claim ends. */
  release(): void;
}

/** What {@link Places} tells its owner. */
export interface PlacesEvents {
  /** The count of records stepped aside changed (to `aside`): they hold a claim but no place. */
  onAside?: (aside: number) => void;
}

/** A first-come, first-served count of places; {@link Places.hold} gives one record its claim. */
export class Places {
  private free: number;
  /** First takes waiting, in the order asked. */
  private readonly waiting: (() => void)[] = [];
  /** Records taking a place back after stepping aside, in the order asked: served before `waiting`. */
  private readonly returning: (() => void)[] = [];
  private asideCount = 0;

  /** @param size places (1 and up). */
  constructor(
    readonly size: number,
    private readonly events: PlacesEvents = {},
  ) {
    this.free = size;
  }

  /** Records stepped aside now: a claim each, no place. */
  get aside(): number {
    return this.asideCount;
  }

  /** A new, untaken claim for one record. */
  hold(): Hold {
    let state: 'none' | 'waiting' | 'held' | 'aside' | 'released' = 'none';
    let taking: Promise<boolean> | null = null;
    const took = (first: boolean) => () => {
      // Released before the place came: hand it straight on.
      if (state === 'released') this.give();
      else state = 'held';
      return first;
    };
    return {
      take: () => {
        if (state === 'aside') {
          state = 'waiting';
          this.setAside(-1);
          taking = this.acquire(this.returning).then(took(false));
          return taking;
        }
        if (taking) return taking.then(() => false);
        state = 'waiting';
        taking = this.acquire(this.waiting).then(took(true));
        return taking;
      },
      stepAside: () => {
        if (state !== 'held') return;
        state = 'aside';
        this.setAside(1);
        this.give();
      },
      release: () => {
        if (state === 'held') this.give();
        if (state === 'aside') this.setAside(-1);
        state = 'released';
      },
    };
  }

  private setAside(change: number): void {
    this.asideCount += change;
    this.events.onAside?.(this.asideCount);
  }

  private acquire(queue: (() => void)[]): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => queue.push(resolve));
  }

  private give(): void {
    const next = this.returning.shift() ?? this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}
