/**
 * Injected faults of the sandbox (failure rate, latency, rate limits, dropped connections) for tests and
 * benchmarks of the client's retries.
 */
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { MiddlewareHandler } from 'hono';
import { RETRY_AFTER_HEADER } from '../shared/service/gaps.ts';
import { SandboxOptionError } from './errors.ts';
import { Prng } from './prng.ts';
import type { FaultOptions, SandboxStats } from './types.ts';

/**
 * Fault injection for tests and benchmarks (gaps row 18 and PRODUCT.md "retries with back-off"):
 * latency, failures, a rate limit, and lost responses after a commit. Preflight (OPTIONS) requests
 * are never faulted. Decisions come from a seeded PRNG, so a run is reproducible request by request.
 */

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function rate(name: string, value: number | undefined): void {
  if (value !== undefined && !(value >= 0 && value <= 1)) {
    throw new SandboxOptionError(`Fault option ${name} must be between 0 and 1 (got ${value}).`);
  }
}

function nonNegative(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
    throw new SandboxOptionError(`Fault option ${name} must be a number of 0 or more (got ${value}).`);
  }
}

/** Checks fault options; throws {@link SandboxOptionError} naming the option that is out of range. */
export function validateFaults(f: FaultOptions): void {
  nonNegative('latencyMs', f.latencyMs);
  nonNegative('jitterMs', f.jitterMs);
  rate('failureRate', f.failureRate);
  if (f.failureKind !== undefined && f.failureKind !== 'mixed' && f.failureKind !== '500')
    throw new SandboxOptionError(
      `Fault option failureKind must be 'mixed' or '500' (got ${JSON.stringify(f.failureKind)}).`,
    );
  rate('dropAfterCommitRate', f.dropAfterCommitRate);
  if (f.rateLimit) {
    if (!(f.rateLimit.requestsPerSecond > 0)) {
      throw new SandboxOptionError(
        `Fault option rateLimit.requestsPerSecond must be greater than 0 (got ${f.rateLimit.requestsPerSecond}).`,
      );
    }
    nonNegative('rateLimit.retryAfterSeconds', f.rateLimit.retryAfterSeconds);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The current fault settings and the middleware that applies them; `set` replaces them at once. */
export class FaultInjector {
  private options: FaultOptions = {};
  private prng = new Prng(1);
  private bucket = { tokens: 0, at: 0 };

  constructor(options: FaultOptions = {}) {
    this.set(options);
  }

  /** Replaces every fault setting (omitted ones are off) and restarts the PRNG and the rate limit bucket. */
  set(options: FaultOptions): void {
    validateFaults(options);
    this.options = { ...options };
    this.prng = new Prng(options.seed ?? 1);
    this.bucket = { tokens: Math.max(1, options.rateLimit?.requestsPerSecond ?? 0), at: performance.now() };
  }

  /** The settings in force. */
  get current(): Readonly<FaultOptions> {
    return this.options;
  }

  /**
   * Order per request: rate limit (429 at once, with `Retry-After`), then latency, then the failure
   * rate (500, or 503 of which every other carries `Retry-After: 1`; only 500s for `failureKind` '500'), then the route; after a
   * committed write (2xx) the drop rate may destroy the socket so that no response arrives.
   */
  middleware(stats: SandboxStats): MiddlewareHandler<{ Bindings: HttpBindings }> {
    return async (c, next) => {
      if (c.req.method === 'OPTIONS') return next();
      const f = this.options;
      if (f.rateLimit && !this.takeToken(f.rateLimit.requestsPerSecond)) {
        stats.faultsInjected.rateLimited++;
        c.header(RETRY_AFTER_HEADER, String(f.rateLimit.retryAfterSeconds ?? 1));
        return c.json(
          { error: 'rate_limited', message: 'Too many requests: slow down and retry after the given seconds.' },
          429,
        );
      }
      const delay = (f.latencyMs ?? 0) + (f.jitterMs ? this.prng.next() * f.jitterMs : 0);
      if (delay > 0) await sleep(delay);
      if (f.failureRate && this.prng.next() < f.failureRate) {
        stats.faultsInjected.failures++;
        if (f.failureKind === '500' || this.prng.next() < 0.5)
          return c.json({ error: 'internal_server_error', message: 'Injected failure.' }, 500);
        if (this.prng.next() < 0.5) c.header(RETRY_AFTER_HEADER, '1');
        return c.json({ error: 'service_unavailable', message: 'Injected failure.' }, 503);
      }
      await next();
      const drop = f.dropAfterCommitRate;
      if (drop && WRITE_METHODS.has(c.req.method) && c.res.status < 300 && this.prng.next() < drop) {
        stats.faultsInjected.dropped++;
        c.env.incoming.socket.destroy();
        c.res = RESPONSE_ALREADY_SENT;
      }
    };
  }

  /** Token bucket: refill of `perSecond`, capacity the same (at least 1), on the monotonic clock. */
  private takeToken(perSecond: number): boolean {
    const now = performance.now();
    this.bucket.tokens = Math.min(
      Math.max(1, perSecond),
      this.bucket.tokens + ((now - this.bucket.at) / 1000) * perSecond,
    );
    this.bucket.at = now;
    if (this.bucket.tokens < 1) return false;
    this.bucket.tokens -= 1;
    return true;
  }
}
