/**
 * A small local fake of the Stripe API for the Stripe provider's tests (no stripe-mock installs
 * here, and tests never reach the network). It speaks what the official SDK sends and reads:
 * form-encoded bodies with bracket keys (`line_items[0][price]`), `expand[]`, `Idempotency-Key`
 * replays (same key and parameters → the same answer; other parameters → 400 idempotency_error),
 * Stripe's error JSON, expandable fields collapsed to their id unless `expand` asks for them, and
 * Stripe's limit of four levels of expansion.
 *
 * Start it with `FakeStripe.start()`, point the SDK at `fake.apiBase`, read `fake.requests`.
 * `fake.failWith(…)` makes it answer errors (slowly, or never) to play Stripe being down.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are free-form JSON here.
export type StripeJson = Record<string, any>;

export interface FakeStripeRequest {
  method: string;
  /** `/v1/checkout/sessions` */
  path: string;
  /** Query parameters (GET) or the form body (POST), brackets decoded into objects and arrays. */
  params: StripeJson;
  idempotencyKey: string | null;
  headers: IncomingHttpHeaders;
}

export interface FakeFailure {
  status: number;
  /** Stripe's error body (`{ type, code, message, … }`); a generic api_error by default. */
  error?: StripeJson;
  /** Wait this long before answering; `Infinity` never answers. */
  delayMs?: number;
  /** How many requests fail (default: all until `failWith(null)`). */
  times?: number;
}

/** Decodes Stripe's form encoding: `a[b][0][c]=x` → `{ a: { b: [{ c: 'x' }] } }`. */
export function parseStripeForm(text: string): StripeJson {
  const root: StripeJson = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = [key.replace(/\[.*$/, ''), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: StripeJson = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const next = segments[index + 1];
      const slot = Array.isArray(node) && segment === '' ? node.length : segment;
      if (last) {
        node[slot] = value;
        return;
      }
      node[slot] ??= next === '' || /^\d+$/.test(next ?? '') ? [] : {};
      node = node[slot];
    });
  }
  return root;
}

/** Expandable fields per object, as dotted paths (`data` steps into a list's items). */
const expandable: Record<string, { path: string; includable?: boolean }[]> = {
  list: [{ path: 'data.product' }],
  invoice: [
    { path: 'lines.data.pricing.price_details.price' },
    { path: 'payments', includable: true },
    { path: 'payments.data.payment.payment_intent' },
    { path: 'payments.data.payment.payment_intent.payment_method' },
    { path: 'payments.data.payment.charge' },
  ],
  subscription: [{ path: 'customer' }],
  'checkout.session': [{ path: 'customer' }],
};

/** Collapses an expandable field to its id unless `expand` names it or a field below it. */
function applyExpand(object: StripeJson, expand: string[]): StripeJson {
  const copy = structuredClone(object);
  const fields = expandable[copy.object as string] ?? [];
  // Deepest first, so that a collapsed parent does not hide its children's paths.
  for (const field of [...fields].sort((a, b) => b.path.length - a.path.length)) {
    if (expand.some((e) => e === field.path || e.startsWith(`${field.path}.`))) continue;
    collapse(copy, field.path.split('.'), field.includable ?? false);
  }
  return copy;
}

function collapse(node: unknown, path: string[], remove: boolean): void {
  if (!node || typeof node !== 'object') return;
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (head === 'data' && Array.isArray((node as StripeJson).data)) {
    for (const item of (node as StripeJson).data) collapse(item, rest, remove);
    return;
  }
  const holder = node as StripeJson;
  if (rest.length > 0) {
    collapse(holder[head], rest, remove);
    return;
  }
  if (remove) delete holder[head];
  else if (holder[head] && typeof holder[head] === 'object') holder[head] = holder[head].id;
}

function stripeError(status: number, error: StripeJson): { status: number; body: StripeJson } {
  return { status, body: { error } };
}

function missing(kind: string, id: string, param = 'id') {
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

function invalid(message: string, param?: string) {
  return stripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  /** Every object the fake holds, by id (customers, prices, products, tax rates, sessions, …). */
  readonly objects = new Map<string, StripeJson>();
  private readonly replays = new Map<string, { fingerprint: string; status: number; body: StripeJson }>();
  private failure: FakeFailure | null = null;
  private counter = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeStripe> {
    let fake: FakeStripe | null = null;
    const server = createServer((req, res) => {
      fake?.handle(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
    });
    fake = new FakeStripe(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** What `new Stripe(key, { host, port, protocol })` needs. */
  get apiBase(): { host: string; port: number; protocol: 'http' } {
    return { host: '127.0.0.1', port: this.port, protocol: 'http' };
  }

  /** Stops listening and cuts every open connection (a hanging answer included). */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Answer errors from now on (`null`: answer normally again). */
  failWith(failure: FakeFailure | null): void {
    this.failure = failure;
  }

  /** Requests to one path (`'POST /v1/customers'`). */
  calls(route: string): FakeStripeRequest[] {
    const [method, path] = route.split(' ');
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  /** Stores an object (a subscription or an invoice a test built) for the API to answer with. */
  put(object: StripeJson): StripeJson {
    this.objects.set(object.id, object);
    return object;
  }

  nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}_test_${this.counter.toString().padStart(6, '0')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : raw);
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    this.requests.push({ method, path: url.pathname, params, idempotencyKey, headers: req.headers });

    const send = (status: number, body: StripeJson) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${this.counter}`,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      res.end(JSON.stringify(body));
    };

    if (this.failure) {
      const failure = this.failure;
      if (failure.times !== undefined) {
        failure.times -= 1;
        if (failure.times <= 0) this.failure = null;
      }
      const delay = failure.delayMs ?? 0;
      if (delay === Number.POSITIVE_INFINITY) return; // never answers: the client times out
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (res.destroyed) return;
      send(failure.status, {
        error: failure.error ?? { type: 'api_error', message: 'An unknown error occurred on our servers.' },
      });
      return;
    }

    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }

    // Stripe replays the first answer to a key; other parameters with the same key are refused.
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && idempotencyKey) {
      const replay = this.replays.get(idempotencyKey);
      if (replay) {
        if (replay.fingerprint !== fingerprint) {
          send(
            400,
            stripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }).body,
          );
          return;
        }
        send(replay.status, replay.body);
        return;
      }
    }
    const answer = this.route(method, url.pathname, params);
    if (method === 'POST' && idempotencyKey) {
      this.replays.set(idempotencyKey, { fingerprint, ...answer });
    }
    send(answer.status, answer.body);
  }

  private route(method: string, path: string, params: StripeJson): { status: number; body: StripeJson } {
    const ok = (body: StripeJson) => ({ status: 200, body });
    const expand: string[] = params.expand ?? [];
    const now = Math.floor(Date.now() / 1000);
    const byId = (prefix: string) => new RegExp(`^/v1/${prefix}/([^/]+)$`).exec(path)?.[1];
    // As Stripe: "You cannot expand more than 4 levels of a property."
    const tooDeep = expand.find((e) => e.split('.').length > 4);
    if (tooDeep) return invalid(`You cannot expand more than 4 levels of a property (${tooDeep}).`, 'expand');

    if (method === 'POST' && path === '/v1/customers') {
      const customer = this.put({
        id: this.nextId('cus'),
        object: 'customer',
        created: now,
        email: params.email ?? null,
        name: params.name ?? null,
        preferred_locales: params.preferred_locales ?? [],
        metadata: params.metadata ?? {},
        address: null,
        livemode: false,
      });
      return ok(customer);
    }

    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = params.lookup_keys ?? [];
      const data = [...this.objects.values()]
        .filter((o) => o.object === 'price')
        .filter((p) => keys.length === 0 || keys.includes(p.lookup_key))
        .filter((p) => params.active === undefined || String(p.active) === params.active)
        .map((p) => ({ ...p, product: this.objects.get(p.product) ?? p.product }));
      return ok(applyExpand({ object: 'list', url: '/v1/prices', has_more: false, data }, expand));
    }

    if (method === 'POST' && path === '/v1/prices') {
      if (!this.objects.has(params.product)) return missing('product', params.product, 'product');
      if (!params.currency) return invalid('Missing required param: currency.', 'currency');
      const holder = [...this.objects.values()].find(
        (o) => o.object === 'price' && params.lookup_key && o.lookup_key === params.lookup_key,
      );
      if (holder) {
        if (params.transfer_lookup_key !== 'true') {
          return invalid(
            `A price (\`${holder.id}\`) already uses that lookup key. You can transfer it by passing \`transfer_lookup_key: true\`.`,
            'lookup_key',
          );
        }
        holder.lookup_key = null;
      }
      const price = this.put({
        id: this.nextId('price'),
        object: 'price',
        active: true,
        created: now,
        currency: params.currency,
        unit_amount: Number(params.unit_amount),
        unit_amount_decimal: params.unit_amount,
        recurring: params.recurring
          ? { interval: params.recurring.interval, interval_count: 1, usage_type: 'licensed', meter: null }
          : null,
        type: params.recurring ? 'recurring' : 'one_time',
        tax_behavior: params.tax_behavior ?? 'unspecified',
        lookup_key: params.lookup_key ?? null,
        nickname: params.nickname ?? null,
        product: params.product,
        metadata: params.metadata ?? {},
        livemode: false,
      });
      return ok(price);
    }

    if (method === 'POST' && path === '/v1/products') {
      if (!params.name) return invalid('Missing required param: name.', 'name');
      return ok(
        this.put({
          id: this.nextId('prod'),
          object: 'product',
          active: true,
          created: now,
          name: params.name,
          description: params.description ?? null,
          url: params.url ?? null,
          metadata: params.metadata ?? {},
          livemode: false,
        }),
      );
    }

    if (method === 'GET' && path === '/v1/tax_rates') {
      const data = [...this.objects.values()]
        .filter((o) => o.object === 'tax_rate')
        .filter((r) => params.active === undefined || String(r.active) === params.active)
        .filter((r) => params.inclusive === undefined || String(r.inclusive) === params.inclusive);
      return ok({ object: 'list', url: '/v1/tax_rates', has_more: false, data });
    }

    if (method === 'POST' && path === '/v1/tax_rates') {
      return ok(
        this.put({
          id: this.nextId('txr'),
          object: 'tax_rate',
          active: true,
          created: now,
          display_name: params.display_name,
          description: params.description ?? null,
          percentage: Number(params.percentage),
          effective_percentage: Number(params.percentage),
          inclusive: params.inclusive === 'true',
          country: params.country ?? null,
          jurisdiction: params.jurisdiction ?? null,
          tax_type: params.tax_type ?? null,
          metadata: {},
          livemode: false,
        }),
      );
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (params.customer && !this.objects.has(params.customer))
        return missing('customer', params.customer, 'customer');
      if (params.customer_update && !params.customer) {
        return invalid('`customer_update` can only be used with `customer`.', 'customer_update');
      }
      for (const [index, item] of (params.line_items ?? []).entries()) {
        if (item.price_data) {
          // An inline price (one-time payments): a currency and an amount are required.
          if (!item.price_data.currency || !item.price_data.unit_amount)
            return invalid('Missing required param: price_data.', `line_items[${index}][price_data]`);
          continue;
        }
        if (!this.objects.has(item.price)) return missing('price', item.price, `line_items[${index}][price]`);
        for (const rate of item.tax_rates ?? []) {
          if (!this.objects.has(rate)) return missing('tax_rate', rate, `line_items[${index}][tax_rates]`);
        }
      }
      if (!params.success_url) return invalid('Missing required param: success_url.', 'success_url');
      const id = this.nextId('cs');
      return ok(
        this.put({
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          client_reference_id: params.client_reference_id ?? null,
          allow_promotion_codes: params.allow_promotion_codes === 'true',
          automatic_tax: { enabled: params.automatic_tax?.enabled === 'true', liability: null, status: null },
          billing_address_collection: params.billing_address_collection ?? null,
          tax_id_collection: { enabled: params.tax_id_collection?.enabled === 'true', required: 'never' },
          locale: params.locale ?? null,
          metadata: params.metadata ?? {},
          success_url: params.success_url,
          cancel_url: params.cancel_url ?? null,
          subscription: null,
          created: now,
          expires_at: now + 24 * 3600,
          livemode: false,
        }),
      );
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!params.customer) return invalid('Missing required param: customer.', 'customer');
      if (!this.objects.has(params.customer)) return missing('customer', params.customer, 'customer');
      const id = this.nextId('bps');
      return ok({
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        locale: params.locale ?? null,
        url: `https://billing.stripe.com/p/session/${id}`,
        created: now,
        livemode: false,
      });
    }

    const priceId = method === 'GET' ? byId('prices') : undefined;
    if (priceId) {
      const price = this.objects.get(priceId);
      return price?.object === 'price' ? ok(price) : missing('price', priceId);
    }

    const paymentMethodId = method === 'GET' ? byId('payment_methods') : undefined;
    if (paymentMethodId) {
      const paymentMethod = this.objects.get(paymentMethodId);
      return paymentMethod?.object === 'payment_method'
        ? ok(paymentMethod)
        : missing('payment_method', paymentMethodId);
    }

    const subscriptionId = method === 'GET' ? byId('subscriptions') : undefined;
    if (subscriptionId) {
      const sub = this.objects.get(subscriptionId);
      return sub?.object === 'subscription'
        ? ok(applyExpand(sub, expand))
        : missing('subscription', subscriptionId);
    }

    const invoiceId = method === 'GET' ? byId('invoices') : undefined;
    if (invoiceId) {
      const invoice = this.objects.get(invoiceId);
      return invoice?.object === 'invoice' ? ok(applyExpand(invoice, expand)) : missing('invoice', invoiceId);
    }

    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }
}
