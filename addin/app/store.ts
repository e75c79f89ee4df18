/**
 * A tiny observable state holder: each screen's controller keeps its state in one, and the DOM
 * layer (addin/taskpane/) re-renders on every change. No framework: the state is a plain object.
 */

/** A listener called after every change with the new state. */
export type Listener<S> = (state: Readonly<S>) => void;

/** Observable state: `get`, `set` (shallow merge), `subscribe`. */
export class Store<S extends object> {
  private state: S;
  private readonly listeners = new Set<Listener<S>>();

  constructor(initial: S) {
    this.state = initial;
  }

  /** The current state (do not mutate it: call {@link set}). */
  get(): Readonly<S> {
    return this.state;
  }

  /** Merges `patch` into the state and tells every listener. A listener that throws does not stop the others. */
  set(patch: Partial<S>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) {
      try {
        listener(this.state);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: Listener<S>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
