/**
 * Requests in flight that follow what the service can take (AIMD: additive increase, multiplicative
 * decrease). While answers come back at their usual latency, one more request may be in flight per
 * round of answers; a 429 or 503 halves the requests in flight and paces the starts at the rate the
 * service was answering (9/10 of its successes in the last second; for a 503 in a burst of failures,
 * an outage, of its best second among the last five). The pace then probes upward: by
 * 8.5% each second until the service pushes back a second time (the first push-back often comes
 * from the opening burst, before a second of answers tells its rate), then by a quarter request per
 * second. Latency that grows to twice its baseline takes a tenth off. Retry-After is honoured by the
 * retry policy, not here. p-queue does the queueing (urgent requests first: reads and
 * retries, see http.ts): its concurrency is changed.
 *
 * Overload is told from faults: a 429 and rising latency always say the service is overloaded; a 503
 * with Retry-After says so when failures are most of the latest answers (a burst, not one in ten). A
 * 500, 502, 504, a 503 and a dropped answer are otherwise faults that the retry policy retries (and a
 * Retry-After is still waited for that request): scattered faults never shrink the limit (a scattered
 * 500 answered at the usual latency lets it grow like a success: `answeredPromptly`). Halving and
 * pacing to the answered rate on each would starve a run on a flaky network, since the answered rate
 * is itself cut by the faults: with 30% of answers failing, a run crawled at 1–5 requests a second.
 * When failures are most of the latest answers (the service failing, not flaking) the limit shrinks by
 * a quarter.
 */
import PQueue from 'p-queue';
import { FaultWindow } from './fault-window.ts';

/** Options of {@link AdaptiveLimit}; times in milliseconds. */
export interface AdaptiveLimitOptions {
  /** Requests in flight to start with (1 and up). */
  initial: number;
  /** Never more than this in flight. */
  max: number;
  /** The clock, milliseconds (monotonic); default `performance.now()`. */
  now?: () => number;
  /** Waits `ms`; default a timer. */
  sleep?: (ms: number) => Promise<void>;
}

/** What the limit has done so far, for a run's summary. */
export interface AdaptiveState {
  /** Requests in flight allowed now. */
  current: number;
  /** The most it allowed at any time. */
  reached: number;
  /** Request starts per second it paces to since the service first pushed back; null: not pacing. */
  rate: number | null;
  /** Answers that asked to slow down (429, 503). */
  pushedBack: number;
}

/**
 * The p-queue priority of a request: urgent ones (reads, retries: what a record already under way waits
 * for) start before every waiting one that is not; each priority first come, first served.
 */
export function urgentOrNot(urgent: boolean): { priority: number } {
  return { priority: urgent ? 1 : 0 };
}

/** Time between two cuts: one push-back burst is answered once. */
const CUT_COOLDOWN_MS = 500;
/** How far the paced rate creeps up per second without push-back, once probing is over (requests per second). */
const RATE_STEP = 0.25;
/** How much the paced rate grows per second while probing (before the second push-back). */
const PROBE_FACTOR = 1.085;
/** The share of the rate the service was answering at that the pace drops to on push-back. */
const RATE_MARGIN = 0.9;
/**
 * How far back the successes are kept, milliseconds: a 503 burst (an outage) paces to the best second
 * among them, not to the last second, in which the service answered next to nothing (a pace of 1–2
 * requests a second then crept up by a quarter a second: a 3 s outage made a 15 s run take 2 minutes).
 */
const OUTAGE_MEMORY_MS = 5_000;

/** The most successes in any one second among `times` (sorted, milliseconds). */
function bestSecond(times: readonly number[]): number {
  let best = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= 1000) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Weight of the newest latency in its moving average. */
const EWMA = 0.2;

/**
 * What one answer says to the limit: its HTTP status (0: none came), whether it carried Retry-After, and
 * whether it was a page of a list (its time then follows the records it carries, a few to 200, not the
 * service's load: it is not read as latency).
 */
export interface AnswerSignal {
  status: number;
  retryAfter?: boolean;
  listPage?: boolean;
}

/**
 * A limit on requests in flight that adapts to the service (see the module comment).
 * @throws RangeError when `initial` or `max` is not a whole number from 1 up, or `initial` > `max`.
 */
export class AdaptiveLimit {
  private readonly limit: PQueue;
  private window: number;
  private readonly max: number;
  private rate: number | null = null;
  private nextStart = 0;
  /** When the limit was last cut for any reason (no growth for a while after). */
  private lastCut = Number.NEGATIVE_INFINITY;
  /** When it was last cut for a push-back: a latency cut just before must not hide the service's 429. */
  private lastPushBack = Number.NEGATIVE_INFINITY;
  private lastRateStep = 0;
  private latency: number | null = null;
  private baseline = Number.POSITIVE_INFINITY;
  private reached: number;
  private pushedBack = 0;
  /** Push-backs answered with a cut; probing ends at the second. */
  private cuts = 0;
  /** Times of the successful answers of the last second. */
  private successes: number[] = [];
  /** The latest answers, faults or not (429s left out): shared with the retry back-off of the same client. */
  readonly faults = new FaultWindow();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: AdaptiveLimitOptions) {
    const whole = (name: string, n: number) => {
      if (!Number.isInteger(n) || n < 1)
        throw new RangeError(`Expected \`${name}\` to be a whole number from 1 up, got ${n}`);
    };
    whole('initial', options.initial);
    whole('max', options.max);
    if (options.initial > options.max)
      throw new RangeError(`Expected \`initial\` (${options.initial}) to be at most \`max\` (${options.max})`);
    this.window = options.initial;
    this.max = options.max;
    this.reached = options.initial;
    this.limit = new PQueue({ concurrency: options.initial });
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** What the limit allows now and has allowed. */
  state(): AdaptiveState {
    return { current: Math.floor(this.window), reached: this.reached, rate: this.rate, pushedBack: this.pushedBack };
  }

  /**
   * Runs `send` when a place is free (and, when pacing, its start is due); `signalOf` reads the HTTP
   * status of its result (and whether it carried Retry-After), and a thrown error counts as a failure
   * to answer, unless `cancelled()` says its caller cancelled it. An `urgent` send goes before every
   * waiting send that is not.
   */
  run<T>(
    send: () => Promise<T>,
    signalOf: (result: T) => number | AnswerSignal,
    urgent = false,
    cancelled: () => boolean = () => false,
  ): Promise<T> {
    return this.limit.add(async () => {
      await this.pace(cancelled);
      const began = this.now();
      try {
        const result = await send();
        const signal = signalOf(result);
        const {
          status,
          retryAfter = false,
          listPage = false,
        } = typeof signal === 'number' ? { status: signal } : signal;
        this.observe(status, listPage ? null : this.now() - began, retryAfter);
        return result;
      } catch (error) {
        // A request its caller cancelled got no answer for a reason of the caller's, not the service's.
        if (!cancelled()) this.observe(0, this.now() - began);
        throw error;
      }
    }, urgentOrNot(urgent));
  }

  /**
   * Waits for this start's place at the pace. A start already waiting when the service pushes back
   * takes its place again at the new pace: kept at the old one, the starts waiting then (as many as
   * the limit's places) went on past the limit for another second, each answered 429.
   */
  private async pace(cancelled: () => boolean): Promise<void> {
    for (;;) {
      if (this.rate === null) return;
      const now = this.now();
      const at = Math.max(now, this.nextStart);
      this.nextStart = at + 1000 / this.rate;
      if (at <= now) return;
      const cuts = this.cuts;
      await this.sleep(at - now);
      // A start its caller cancelled meanwhile goes at once: it is not sent (http.ts), and is not waited for.
      if (this.cuts === cuts || cancelled()) return;
    }
  }

  /**
   * Adjusts the limit after one answer: `status` 0 when none came (network failure, timeout),
   * `latencyMs` in milliseconds (null: the answer's time says nothing of the service's load, e.g. a
   * page of a list), `retryAfter` whether the answer carried Retry-After (a 503 with it is
   * overload when failures are most of the latest answers, else a fault).
   */
  observe(status: number, latencyMs: number | null, retryAfter = false): void {
    const now = this.now();
    const fault = status === 0 || status >= 500;
    if (status !== 429) this.faults.record(fault);
    const overloaded = status === 429 || (status === 503 && retryAfter && this.faults.inBurst());
    if (overloaded) {
      this.pushedBack += 1;
      if (now - this.lastPushBack < CUT_COOLDOWN_MS) return;
      this.lastPushBack = now;
      this.lastCut = now;
      this.cuts += 1;
      this.successes = this.successes.filter((t) => t > now - OUTAGE_MEMORY_MS);
      // The rate the service was answering at is what it takes; a little under it leaves room. A 503
      // in a burst of failures is the service down a moment, answering nothing: the rate it answered
      // at before (its best second of the last few) is what it takes once back.
      const answered = status === 429 ? this.answeredSince(now - 1000) : bestSecond(this.successes);
      this.rate = Math.max(0.5, Math.min(this.rate ?? Number.POSITIVE_INFINITY, answered) * RATE_MARGIN);
      // The next start at the new pace; starts waiting at the old one take their places after it.
      this.nextStart = now + 1000 / this.rate;
      this.lastRateStep = now;
      this.resize(this.window / 2);
      return;
    }
    if (fault) {
      if (this.faults.inBurst()) {
        if (now - this.lastCut >= CUT_COOLDOWN_MS) {
          this.lastCut = now;
          this.resize(this.window * 0.75);
        }
      } else if (this.answeredPromptly(status, latencyMs) && now - this.lastCut >= CUT_COOLDOWN_MS) {
        this.resize(this.window + 1 / this.window);
      }
      return;
    }
    this.successes.push(now);
    if (this.successes.length > 4096) this.successes = this.successes.filter((t) => t > now - OUTAGE_MEMORY_MS);
    if (latencyMs !== null) {
      this.latency = this.latency === null ? latencyMs : this.latency + EWMA * (latencyMs - this.latency);
      this.baseline = Math.min(this.baseline, this.latency);
    }
    if (this.latency !== null && this.latency > 2 * this.baseline + 5 && now - this.lastCut >= CUT_COOLDOWN_MS) {
      this.lastCut = now;
      this.resize(this.window * 0.9);
    } else if (now - this.lastCut >= CUT_COOLDOWN_MS) {
      this.resize(this.window + 1 / this.window);
    }
    if (this.rate !== null && now - this.lastRateStep >= 1000) {
      this.rate = this.cuts < 2 ? this.rate * PROBE_FACTOR : this.rate + RATE_STEP;
      this.lastRateStep = now;
    }
  }

  /**
   * A scattered 500 that came back within the latency the limit holds to: the service answered at its
   * usual speed (its own error, not load), so the round counts toward one more request in flight like
   * a success would. Without it, one answer in five failing slowed the limit's growth by a fifth,
   * which a run of a few seconds spends mostly in. A 502, 503 or 504 (a gateway, or the service
   * unavailable) and an answer that never came say nothing of its speed, and leave the limit alone.
   */
  private answeredPromptly(status: number, latencyMs: number | null): boolean {
    if (status !== 500 || latencyMs === null) return false;
    return this.latency === null || latencyMs <= 2 * this.baseline + 5;
  }

  /** Successes answered after `from` (milliseconds on the limit's clock). */
  private answeredSince(from: number): number {
    let count = 0;
    for (let i = this.successes.length - 1; i >= 0 && this.successes[i]! > from; i--) count += 1;
    return count;
  }

  private resize(window: number): void {
    this.window = Math.min(this.max, Math.max(1, window));
    const places = Math.floor(this.window);
    if (this.limit.concurrency !== places) this.limit.concurrency = places;
    this.reached = Math.max(this.reached, places);
  }
}
