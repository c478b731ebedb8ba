/**
 * Work a process started and has not seen finish, counted so that stopping can wait for it.
 *
 * pg-boss's graceful stop waits only for the handlers running when it is called. A job whose
 * fetch is still on its way then runs its handler anyway, and records the outcome afterwards
 * without anyone awaiting it; once the process has closed its pool, that record fails as an
 * unhandled rejection. Counting the queue's statements and its handlers covers the whole chain:
 * a fetch's answer starts the handler, and a handler's end starts the record, each within the
 * same turn of the event loop, so there is no turn in which the chain is under way uncounted.
 */
export class UnderWay {
  readonly #pending = new Set<Promise<unknown>>();

  /** Counts `work` until it settles; returns it unchanged. */
  count<T>(work: Promise<T>): Promise<T> {
    this.#pending.add(work);
    const forget = () => {
      this.#pending.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  get size(): number {
    return this.#pending.size;
  }

  /**
   * Resolves true once nothing is under way at the end of a turn of the event loop (so that
   * what a settling piece of work starts in its continuation is counted too), or false when
   * `timeoutMs` passes first.
   */
  async settled(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.#pending.size === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.#pending]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  }
}
