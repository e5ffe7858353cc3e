/**
 * A counting semaphore: at most `concurrency` tasks run at once, the rest wait their turn in arrival order.
 * Image decoding goes through one per process, so many uploads at once never decode more than a few images
 * (each can take hundreds of megabytes) at the same time.
 */
export type Limiter = {
  run<T>(task: () => Promise<T>): Promise<T>
  /** Tasks running now. */
  readonly active: number
  /** Tasks waiting for a turn. */
  readonly waiting: number
}

export function createLimiter(concurrency: number): Limiter {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer')
  let active = 0
  const queue: (() => void)[] = []

  const release = () => {
    active--
    const next = queue.shift()
    if (next) {
      active++
      next()
    }
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) active++
      else await new Promise<void>((resolve) => queue.push(resolve))
      try {
        return await task()
      } finally {
        release()
      }
    },
    get active() {
      return active
    },
    get waiting() {
      return queue.length
    },
  }
}
