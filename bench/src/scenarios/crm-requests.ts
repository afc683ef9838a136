/**
 * What the crm scenario's mixed workload sends (issue 19): each request drawn at random, 90 % reads
 * among six read endpoints as one of the readers (the 200 sellers and the heavy user, each as likely),
 * 10 % writes by one of the 200 sellers (a stage move, a win, a prospect creation, an activity), with
 * the seller's session cookie and the CSRF header.
 *
 * Writes are picked valid, so that 409/422 stay rare: a move or a win takes an open deal the seller
 * owns (and which no other request has in flight), a move goes to another open stage; after a 2xx the
 * seller's deals are updated (won: no longer open; moved: at its new stage), a new prospect joins
 * their prospects. A seller with no open deal creates a prospect instead.
 */
import { selectablePipelineStages } from '@closia/shared';
import type { TeamSeller } from '../generate/crm-team';
import { firstNames, lastNames, slug } from '../generate/french';
import { Random } from '../generate/random';
import { query } from './search';

export const readEndpoints = ['pipeline', 'stats', 'forecast', 'deals', 'commissions', 'prospects'] as const;
export type ReadEndpoint = (typeof readEndpoints)[number];
export const writeKinds = ['move', 'win', 'prospect', 'activity'] as const;
export type WriteKind = (typeof writeKinds)[number];
export type Endpoint = ReadEndpoint | WriteKind;

export const endpointLabels: Record<Endpoint, string> = {
  pipeline: 'GET /pipeline',
  stats: 'GET /stats (5 periods)',
  forecast: 'GET /stats/forecast',
  deals: 'GET /deals (filters, sorts, pages)',
  commissions: 'GET /commissions (3 periods)',
  prospects: 'GET /prospects (filters, sorts, pages)',
  move: 'POST /deals/{id}/move',
  win: 'POST /deals/{id}/win',
  prospect: 'POST /prospects',
  activity: 'POST /prospects/{id}/activities',
};

/** A signed-in seller. */
export interface Actor {
  seller: TeamSeller;
  /** `closia_session=…; XSRF-TOKEN=…` */
  cookie: string;
  /** The XSRF-TOKEN cookie's value, echoed in `x-xsrf-token` on writes. */
  csrf: string;
  /** The heavy user (20,000 deals alone). */
  heavy: boolean;
}

export interface Planned {
  endpoint: Endpoint;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  actor: Actor;
  /** Told the answer's status and body once it came (updates what the writes pick from). */
  answered?: (status: number, body: string) => void;
}

/** The value of a cookie in a `name=value; …` header. */
export function cookieValue(header: string, name: string): string {
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  throw new Error(`no ${name} cookie in the session's cookies`);
}

/** 2xx: 0 stands for no answer (a connection error or a timeout). */
const succeeded = (status: number) => status >= 200 && status < 300;

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The server's "today" is the UTC day (deals/ledger.ts `today`). */
export function periods(now = Date.now()) {
  const today = dayOf(now);
  const d = new Date(now);
  const lastYear = d.getUTCFullYear() - 1;
  return {
    today,
    monthStart: `${today.slice(0, 7)}-01`,
    monthEnd: dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)),
    last90: dayOf(now - 89 * DAY),
    /** The first day of a twelve-month period ending today. */
    twelveMonths: dayOf(Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate() + 1)),
    lastYearStart: `${lastYear}-01-01`,
    lastYearEnd: `${lastYear}-12-31`,
    in30: dayOf(now + 30 * DAY),
  };
}

/** The heavy user's twelve-month `/stats` (measured alone, sequentially). */
export function twelveMonthStats(): string {
  const p = periods();
  return query('/api/v1/stats', { from: p.twelveMonths, to: p.today });
}

const activityTitles = [
  'Rappeler',
  'Relancer par e-mail',
  'Appel de découverte',
  'Envoyer la proposition',
  'Préparer le R2',
  'Confirmer le rendez-vous',
];
const moveNotes = ['RDV pris pour jeudi', 'A confirmé son intérêt', 'Attend son financement', ''];

export class CrmWorkload {
  private readonly rng: Random;
  /** Deals with a write in flight: not picked again until answered. */
  private readonly busy = new Set<number>();
  private created = 0;
  private readonly p = periods();

  constructor(
    private readonly readers: readonly Actor[],
    private readonly writers: readonly Actor[],
    seed: number,
    private readonly writeShare = 0.1,
  ) {
    this.rng = new Random(seed);
  }

  next(): Planned {
    return this.rng.chance(this.writeShare) ? this.write() : this.read();
  }

  read(endpoint: ReadEndpoint = this.rng.pick(readEndpoints)): Planned {
    const actor = this.rng.pick(this.readers);
    return { endpoint, method: 'GET', path: this.readPath(endpoint), actor };
  }

  private readPath(endpoint: ReadEndpoint): string {
    const rng = this.rng;
    const p = this.p;
    switch (endpoint) {
      case 'pipeline':
        return '/api/v1/pipeline';
      case 'stats':
        return query(
          '/api/v1/stats',
          rng.pick<Record<string, string>>([
            {},
            { from: p.monthStart, to: p.today },
            { from: p.last90, to: p.today },
            { from: p.twelveMonths, to: p.today },
            { from: p.lastYearStart, to: p.lastYearEnd },
          ]),
        );
      case 'forecast':
        return rng.chance(0.7) ? '/api/v1/stats/forecast' : '/api/v1/stats/forecast?staleDays=30';
      case 'deals':
        return query(
          '/api/v1/deals',
          rng.weighted<Record<string, string | number>>([
            [{}, 4],
            [{ page: rng.int(2, 4) }, 2],
            [{ status: 'Closing,Role' }, 1],
            [{ owner: 'me', sortBy: 'expectedCloseDate', sortOrder: 'asc' }, 1],
            [{ owner: 'setter', sortBy: 'amount', sortOrder: 'desc' }, 1],
            [{ status: 'Closed', sortBy: 'createdAt', sortOrder: 'desc' }, 1],
            [{ query: slug(rng.pick(lastNames)) }, 1],
            [{ expectedCloseFrom: p.today, expectedCloseTo: p.in30 }, 1],
          ]),
        );
      case 'commissions':
        return query(
          '/api/v1/commissions',
          rng.weighted<Record<string, string>>([
            [{}, 3],
            [{ from: p.monthStart, to: p.monthEnd }, 2],
            [{ from: p.lastYearStart, to: p.lastYearEnd }, 1],
          ]),
        );
      case 'prospects':
        return query(
          '/api/v1/prospects',
          rng.weighted<Record<string, string | number>>([
            [{}, 4],
            [{ page: rng.int(2, 3) }, 2],
            [{ query: rng.pick(firstNames).toLowerCase() }, 1],
            [{ state: 'follow_up,prospecting' }, 1],
            [{ nextActivity: rng.pick(['overdue', 'today', 'week']) }, 1],
            [{ sortBy: 'nextActivityAt', sortOrder: 'asc' }, 1],
            [{ sortBy: 'name', sortOrder: 'asc' }, 1],
          ]),
        );
    }
  }

  private write(): Planned {
    const { rng } = this;
    const actor = rng.pick(this.writers);
    const kind = rng.pick(writeKinds);
    const seller = actor.seller;
    const free = seller.openDeals.filter((d) => !this.busy.has(d.id));
    if ((kind === 'move' || kind === 'win') && free.length > 0) {
      const deal = rng.pick(free);
      this.busy.add(deal.id);
      const release = () => this.busy.delete(deal.id);
      if (kind === 'win') {
        return {
          endpoint: 'win',
          method: 'POST',
          path: `/api/v1/deals/${deal.id}/win`,
          body: JSON.stringify(rng.chance(0.7) ? {} : { instalments: rng.int(1, 3) }),
          actor,
          answered: (status) => {
            release();
            if (succeeded(status)) seller.openDeals = seller.openDeals.filter((d) => d.id !== deal.id);
          },
        };
      }
      const status = rng.pick(selectablePipelineStages.filter((s) => s !== deal.status));
      const note = rng.pick(moveNotes);
      return {
        endpoint: 'move',
        method: 'POST',
        path: `/api/v1/deals/${deal.id}/move`,
        body: JSON.stringify(note ? { status, note } : { status }),
        actor,
        answered: (code) => {
          release();
          if (succeeded(code)) deal.status = status;
        },
      };
    }
    if (kind === 'activity' && seller.prospectIds.length > 0) {
      const prospectId = rng.pick(seller.prospectIds);
      return {
        endpoint: 'activity',
        method: 'POST',
        path: `/api/v1/prospects/${prospectId}/activities`,
        body: JSON.stringify({
          title: rng.pick(activityTitles),
          dueAt: new Date(Date.now() + rng.int(1, 14 * 24) * 3_600_000).toISOString(),
          priority: rng.pick(['low', 'medium', 'high']),
        }),
        actor,
      };
    }
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    const n = ++this.created;
    return {
      endpoint: 'prospect',
      method: 'POST',
      path: '/api/v1/prospects',
      body: JSON.stringify({
        firstName,
        lastName,
        email: `${slug(firstName)}.${slug(lastName)}.mix${n}-${Date.now().toString(36)}@clients.exemple.fr`,
        state: 'prospecting',
        customFields: { Source: rng.pick(['Instagram', 'LinkedIn', 'Webinaire']) },
      }),
      actor,
      answered: (status, body) => {
        if (!succeeded(status)) return;
        try {
          const id = (JSON.parse(body) as { id?: unknown }).id;
          if (typeof id === 'number') seller.prospectIds.push(id);
        } catch {
          // Not JSON: nothing to remember.
        }
      },
    };
  }
}
