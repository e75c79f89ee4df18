/**
 * The sandbox's HTTP app: the middleware (request counts, CORS, fault injection, authentication) and the routes
 * over one state store.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { AUTH_HEADER, NOT_FOUND, RETRY_AFTER_HEADER } from '../shared/service/gaps.ts';
import { authenticate, type AppDeps, type SandboxApp, type SandboxEnv } from './http.ts';
import { registerCatalogueRoutes } from './routes-catalogue.ts';
import { registerMovementRoutes } from './routes-movements.ts';

export type { AppDeps, SandboxApp } from './http.ts';

/**
 * The sandbox's hono app over a state store. Middleware order: request count, CORS (so that every
 * answer, refusals and injected faults included, can be read by the add-in's task pane on another
 * origin), fault injection, authentication (gaps rows 1 and 2), then the routes. Anything else is
 * 404 `{error: 'not_found'}`; an unexpected exception is 500 `{error: 'internal_server_error'}`.
 */
export function createApp(deps: AppDeps): SandboxApp {
  const app = new Hono<SandboxEnv>();
  app.use('*', async (_c, next) => {
    deps.stats.requests++;
    deps.stats.inFlight++;
    deps.stats.peakInFlight = Math.max(deps.stats.peakInFlight, deps.stats.inFlight);
    try {
      await next();
    } finally {
      deps.stats.inFlight--;
    }
  });
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: [AUTH_HEADER.name, 'Content-Type', 'X-Api-Key'],
      exposeHeaders: [RETRY_AFTER_HEADER],
      maxAge: 600,
    }),
  );
  if (deps.recordWrites) {
    app.use('/api/*', async (c, next) => {
      const method = c.req.method;
      if (method === 'POST' || method === 'PATCH' || method === 'DELETE') {
        deps.stats.writeLog.push({ method, path: c.req.path, body: await c.req.raw.clone().text() });
      }
      await next();
    });
  }
  app.use('/api/*', deps.faults.middleware(deps.stats));
  app.use('/api/*', authenticate(deps.store));
  registerCatalogueRoutes(app, deps);
  registerMovementRoutes(app, deps);
  app.notFound((c) => c.json(NOT_FOUND.body, NOT_FOUND.status));
  app.onError((error, c) => {
    deps.log(`sandbox: ${c.req.method} ${c.req.path} failed: ${error.stack ?? String(error)}`);
    return c.json({ error: 'internal_server_error', message: 'The sandbox failed; see its log.' }, 500);
  });
  return app;
}
