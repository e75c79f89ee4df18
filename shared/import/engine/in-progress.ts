/**
 * The records of an import run in progress: each runs under a claim on a place to send (places.ts),
 * with a few more preparing meanwhile (journalling their intent), and is said done once: at its end,
 * or earlier for a create, once its answer is in and its created entry queued, so its place goes to
 * the next record while that entry is made durable.
 */
import pLimit from 'p-limit';
import { Places, type Hold } from './places.ts';

/**
 * Says a record done before its rows are final (a create answered, its created entry queued): its
 * place goes to the next record. Returns what to call once the rows are final (the entry durable).
 */
export type Answered = () => () => void;

/** What a record needs done: `hold` is its place to send, taken before its first request. */
export type RecordStep<T> = (hold: Hold, answered: Answered) => Promise<T>;

/** Runs the records of one import: at most `concurrency` sending, `ahead` more preparing. */
export class InProgress {
  private readonly places: Places;
  private readonly limit;
  /** Records said done and not yet final (their created entry being made durable). */
  private settling = 0;

  /**
   * @param concurrency places to send (1 and up).
   * @param ahead records more that may prepare (journal their intent) while those places are busy.
   * @param onDone called once per record as it is said done, before its place is given back (so a
   *   stop asked there is seen by the next record).
   */
  constructor(
    concurrency: number,
    private readonly ahead: number,
    private readonly onDone: () => void,
  ) {
    // Records in progress: those holding a place, `ahead` more preparing, and those holding a claim
    // but no place (stepped aside after a lost answer, or said done while their entry is made durable).
    this.limit = pLimit(concurrency + ahead);
    this.places = new Places(concurrency, { onAside: () => this.resize() });
  }

  private resize(): void {
    this.limit.concurrency = this.places.size + this.ahead + this.places.aside + this.settling;
  }

  /** Runs `step` in its turn; the record is said done (once) by `answered`, or when the step ends. */
  run<T>(step: RecordStep<T>): Promise<T> {
    return this.limit(async () => {
      const hold = this.places.hold();
      let said = false;
      const sayDone = () => {
        if (said) return;
        said = true;
        this.onDone();
        hold.release();
      };
      try {
        return await step(hold, () => {
          sayDone();
          this.settling += 1;
          this.resize();
          return () => {
            this.settling -= 1;
            this.resize();
          };
        });
      } finally {
        sayDone();
      }
    });
  }
}
