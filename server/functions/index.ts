import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Module, ServerContext } from '../context.ts';
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { verificationKeys } from '../auth/keys.ts';
import { verifyJwt, type VerificationKeys } from '../jwt.ts';
import { ROOT } from '../db/migrate.ts';
import type { FunctionEnv, FunctionHandler } from '../../supabase/functions/_shared/env.ts';
import { FunctionSettings } from './function-settings.ts';

const FUNCTION_NAME = /^[a-z0-9][a-z0-9_-]*$/;
const BODY_LIMIT = 6 * 1024 * 1024;
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect']);

export interface FunctionsOptions {
  /** Folder holding `<name>/handler.ts` (default supabase/functions). */
  functionsDir?: string;
  /** The Supabase CLI config with `[functions.<name>] verify_jwt` (default supabase/config.toml). */
  configPath?: string;
  /** Values that replace what the server's config gives each function (tests point Stripe at a fake). */
  env?: Partial<FunctionEnv>;
}

/** What hosted Supabase gives every function, taken from this server's config. */
export function functionEnv(context: ServerContext, overrides: Partial<FunctionEnv> = {}): FunctionEnv {
  const { config } = context;
  return {
    SUPABASE_URL: context.internalUrl(),
    SUPABASE_ANON_KEY: config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
    SITE_URL: config.siteUrl,
    API_EXTERNAL_URL: config.apiUrl,
    STRIPE_SECRET_KEY: config.stripeSecretKey,
    STRIPE_WEBHOOK_SECRET: config.stripeWebhookSecret,
    STRIPE_API_BASE: context.config.stripeApiBase,
    MAIL_SEND_URL: config.mailSendUrl ?? mailEndpoint(context),
    CHECKOUT_RATE_LIMIT: config.checkoutRateLimit,
    ...overrides,
  };
}

/**
 * This server's own mail endpoint for order e-mails: the outbox's while /_dev routes are on, the
 * SMTP mailer's (/_internal/mail/send, service-role key) when one is configured; else none, and the
 * e-mails stay queued.
 */
function mailEndpoint(context: ServerContext): string | undefined {
  if (context.config.devRoutes) return `${context.internalUrl()}/_dev/mail/send`;
  if (context.config.smtp) return `${context.internalUrl()}/_internal/mail/send`;
  return undefined;
}

const gatewayError = (status: number, msg: string) => json(status, { msg });

/** /functions/v1/<name>[/subpath]: runs supabase/functions/<name>/handler.ts as the Edge Runtime would. */
export function createFunctions(context: ServerContext, options: FunctionsOptions = {}): Module {
  const functionsDir = options.functionsDir ?? join(ROOT, 'supabase', 'functions');
  const settings = new FunctionSettings(options.configPath ?? join(ROOT, 'supabase', 'config.toml'));
  const handlers = new Map<string, Promise<FunctionHandler>>();

  const load = (name: string): Promise<FunctionHandler> => {
    let handler = handlers.get(name);
    if (!handler) {
      handler = import(pathToFileURL(join(functionsDir, name, 'handler.ts')).href).then((mod: { createHandler?: (env: FunctionEnv) => FunctionHandler }) => {
        if (typeof mod.createHandler !== 'function') throw new Error(`supabase/functions/${name}/handler.ts does not export createHandler`);
        return mod.createHandler(functionEnv(context, options.env));
      });
      handler.catch(() => handlers.delete(name));
      handlers.set(name, handler);
    }
    return handler;
  };

  return {
    async handle(req) {
      const [, name = '', ...rest] = req.path.split('/');
      if (!FUNCTION_NAME.test(name) || !existsSync(join(functionsDir, name, 'handler.ts'))) {
        return json(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      }
      if (settings.verifyJwt(name)) {
        const denied = await checkJwt(req, verificationKeys(context.config));
        if (denied) return denied;
      }
      const subpath = rest.length > 0 ? `/${rest.join('/')}` : '';
      const request = await toFetchRequest(req, `${context.config.apiUrl}/${name}${subpath}${req.url.search}`);
      try {
        const handler = await load(name);
        return await fromFetchResponse(await handler(request));
      } catch (e) {
        console.error(`[functions] ${name} failed:`, e);
        return json(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
      }
    },
  };
}

/** The gateway's check before a function with verify_jwt runs: a valid JWT of this project (HS256 or the key ring's). */
async function checkJwt(req: ApiRequest, keys: VerificationKeys): Promise<ApiResponse | undefined> {
  const header = req.headers.authorization;
  if (!header) return gatewayError(401, 'Missing authorization header');
  const m = /^bearer\s+(\S+)\s*$/i.exec(header);
  if (!m || !(await verifyJwt(m[1], keys)).ok) return gatewayError(401, 'Invalid JWT');
  return undefined;
}

async function toFetchRequest(req: ApiRequest, url: string): Promise<Request> {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key)) headers.set(key, value);
  }
  // This server is the gateway: the client address it saw, not one the client wrote (rate limits read it).
  headers.set('x-forwarded-for', req.ip);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const body = hasBody ? await req.body(BODY_LIMIT) : undefined;
  return new Request(url, { method: req.method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

async function fromFetchResponse(res: Response): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (key !== 'content-length' && key !== 'transfer-encoding') headers[key] = value;
  });
  return { status: res.status, headers, body: new Uint8Array(await res.arrayBuffer()) };
}
