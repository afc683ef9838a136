/** Who sends the bad-input requests (anonymous, or a signed-in admin), and the probes that send them. */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { SESSION_COOKIE } from '../../plugins/session';
import { createUser, DEFAULT_PASSWORD } from '../helpers';
import { type JsonSchema, type Operation, typesOf } from './openapi';
import {
  fixedRequests,
  multipartRequests,
  type ProbeRequest,
  problemWith,
  requestsFor,
  setAt,
  slotsOf,
} from './requests';
import { plausible } from './values';

export const SEED = 6_422_500;
export const RUNS = 32;
export const TIMEOUT_MS = 240_000;

// --- identities ---------------------------------------------------------------------------------

let ipSequence = 0;
/** Per-IP rate limits (login, register…) would answer 429 before validation: a new address each time. */
const nextIp = () => {
  ipSequence += 1;
  return `172.${16 + ((ipSequence >> 16) & 0x0f)}.${(ipSequence >> 8) & 0xff}.${ipSequence & 0xff}`;
};

export class Identity {
  cookies: Record<string, string> = {};
  private userId: number | null = null;
  /** `kind`: the signed-in admin's sub-profile (an infopreneur may create offers and missions). */
  constructor(
    readonly app: App,
    readonly signedIn: boolean,
    readonly kind: 'setter' | 'infopreneur' = 'setter',
  ) {}

  /** The signed-in user's id (null when anonymous). */
  get id() {
    return this.userId;
  }

  private async inject(request: Omit<ProbeRequest, 'mutation'>) {
    return this.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, 'x-xsrf-token': this.cookies['XSRF-TOKEN'] ?? '' },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      cookies: this.cookies,
      remoteAddress: nextIp(),
    });
  }

  /** An anonymous CSRF token; for the signed-in identity, the session of an admin and its token. */
  async start() {
    this.cookies = {};
    this.userId = null;
    const res = await this.inject({ method: 'GET', url: '/api/v1/csrf', headers: {} });
    this.keep(res, 'XSRF-TOKEN');
    if (!this.signedIn) return;
    const user = await createUser(this.app, { admin: true, kind: this.kind });
    const login = await this.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    // The CSRF token is bound to the session: the login answers a new one with the session.
    this.keep(login, SESSION_COOKIE);
    this.keep(login, 'XSRF-TOKEN');
    this.userId = user.id;
  }

  private keep(res: LightMyRequestResponse, name: string) {
    const cookie = res.cookies.find((c) => c.name === name);
    if (!cookie?.value) throw new Error(`no ${name} cookie in ${res.statusCode} ${res.body}`);
    this.cookies[name] = cookie.value;
  }

  /**
   * Sends a request with this identity's cookies, which it keeps as they were: the anonymous
   * identity stays anonymous after a successful sign-up, and the signed-in one signs in again
   * (a new admin) when a logout, an account deletion, a sign-up or a sign-in ended or replaced its
   * session.
   */
  async send(request: ProbeRequest) {
    const res = await this.inject(request);
    if (this.signedIn && res.cookies.some((c) => c.name === SESSION_COOKIE)) {
      const me = await this.inject({ method: 'GET', url: '/api/v1/user', headers: {} });
      if (me.statusCode !== 200 || me.json().id !== this.userId) await this.start();
    }
    return res;
  }
}

export interface Failure {
  operation: string;
  problem: string;
  request: string;
  response: string;
}

/** Sends every operation's fixed and generated bad requests as `identity`: the answers that are wrong. */
export async function probe(identity: Identity, operations: Operation[]): Promise<Failure[]> {
  await identity.start();
  const failures: Failure[] = [];
  for (const op of operations) {
    const generated = op.multipart ? fc.oneof(requestsFor(op), multipartRequests(op)) : requestsFor(op);
    const requests = [
      ...fixedRequests(op),
      ...fc.sample(generated, { seed: SEED + op.index, numRuns: RUNS }),
    ];
    for (const request of requests) {
      const res = await identity.send(request);
      const problem = problemWith(request, res);
      if (!problem) continue;
      failures.push({
        operation: `${op.method} ${op.path}`,
        problem,
        request: `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.headers)} — ${request.mutation}`,
        response: `${res.statusCode} ${res.body.slice(0, 300)}`,
      });
    }
  }
  return failures;
}

// --- money at and just above its column's limit --------------------------------------------------

/** A number that is not an integer (an amount, a rate): where money goes. */
function isDecimal(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.includes('number') && !types.includes('integer');
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * What a decimal field receives: with a `maximum`, the value at it and the next cent above it
 * (9,999,999,999.99 and 10,000,000,000 for a `numeric(12, 2)` column); without one, amounts that
 * no money column holds (`numeric(12, 2)` stops below 1e10, `numeric(14, 4)` too).
 */
function moneyEdges(schema: JsonSchema): number[] {
  const own = (schema.anyOf ?? schema.oneOf ?? []).find((branch) => isDecimal(branch)) ?? schema;
  const { maximum, exclusiveMaximum } = own;
  if (typeof exclusiveMaximum === 'number') return [cents(exclusiveMaximum - 0.01), exclusiveMaximum];
  if (maximum === undefined) return [1e10, 1e12];
  return exclusiveMaximum === true ? [cents(maximum - 0.01), maximum] : [maximum, cents(maximum + 0.01)];
}

/** The `id` of a JSON answer (a created row), or null. */
function idIn(body: string): number | null {
  try {
    const id = (JSON.parse(body) as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

const MONEY_SEED = 1_000_000_000;
/** Plausible bodies tried per operation before giving up on one the operation accepts. */
const BASE_TRIES = 40;

export interface MoneyReport {
  failures: Failure[];
  /** Operations where the edges were sent in a body the operation accepts (2xx), as `METHOD path field`. */
  reached: string[];
}

/**
 * Finds every decimal field of every JSON body in the OpenAPI document, and sends each at and just
 * above its limit in a body the operation otherwise accepts: the first plausible body that
 * answered 2xx, with, for `/things/{id}`, the id of a row the identity created with `POST /things`.
 * No answer may be a 5xx ("numeric field overflow" was one).
 */
export async function probeMoney(identity: Identity, operations: Operation[]): Promise<MoneyReport> {
  await identity.start();
  const failures: Failure[] = [];
  const reached: string[] = [];
  /** Collection path → the id of the latest row the identity created there. */
  const created = new Map<string, number>();
  const json = { 'content-type': 'application/json' };

  const urlOf = (op: Operation): string | null => {
    if (op.pathParams.length === 0) return op.path;
    if (op.pathParams.length > 1) return null;
    const id = created.get(op.path.slice(0, op.path.indexOf('/{')));
    return id === undefined ? null : op.path.replace(/\{[^}]+\}/, String(id));
  };
  const send = async (op: Operation, url: string, body: unknown, mutation: string) => {
    const request: ProbeRequest = {
      method: op.method,
      url,
      headers: json,
      payload: JSON.stringify(body),
      mutation,
    };
    const res = await identity.send(request);
    const problem = problemWith(request, res);
    if (problem) {
      failures.push({
        operation: `${op.method} ${op.path}`,
        problem,
        request: `${request.method} ${url} — ${mutation}`,
        response: `${res.statusCode} ${res.body.slice(0, 300)}`,
      });
    }
    if (op.method === 'POST' && op.pathParams.length === 0 && res.statusCode < 300) {
      const id = idIn(res.body);
      if (id !== null) created.set(op.path, id);
    }
    return res;
  };

  for (const op of operations) {
    if (!op.body) continue;
    const sample = fc.sample(plausible(op.body), { seed: MONEY_SEED + op.index, numRuns: BASE_TRIES });
    const decimals = (body: unknown) => slotsOf(op.body!, body).filter((slot) => isDecimal(slot.schema));
    if (!sample.some((body) => decimals(body).length > 0)) continue;
    const url = urlOf(op);
    if (url === null) continue;

    let base: unknown = null;
    for (const body of sample) {
      if ((await send(op, url, body, 'plausible body')).statusCode < 300) {
        base = body;
        break;
      }
    }
    // Without an accepted body, the edges still go in a plausible one (they must not answer 5xx).
    const skeleton = base ?? sample[0];
    for (const slot of decimals(skeleton)) {
      const field = slot.keys.join('.');
      if (base !== null) reached.push(`${op.method} ${op.path} ${field}`);
      for (const value of moneyEdges(slot.schema)) {
        await send(op, urlOf(op) ?? url, setAt(skeleton, slot.keys, value), `body ${field} = ${value}`);
      }
    }
  }
  return { failures, reached };
}
