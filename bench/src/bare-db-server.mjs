// The ceiling of the dbpath scenario: bare node:http and the database driver alone, running for
// each endpoint the same queries as the server (same tables, joins, columns and sub-queries, as
// prepared statements with parameters), and answering the rows as JSON. No framework, no session,
// no validation, no presentation: what the database path costs at the least on this machine.
//
// BENCH_DB_KIND=postgres with BENCH_DB_URL (postgres.js, a pool of DATABASE_POOL_MAX or 10, as the
// server), or BENCH_DB_KIND=pglite with BENCH_DB_DIR (PGlite in this process, on a copy of the
// server's data directory: the server owns its own). BENCH_DBPATH_IDS: JSON { viewer, profile,
// mission, deal } (user ids and row ids the four endpoints read). Tells the bench its port over IPC.
import http from 'node:http';

const kind = process.env.BENCH_DB_KIND;
const ids = JSON.parse(process.env.BENCH_DBPATH_IDS ?? '{}');

/** The queries of each endpoint, in the order the server runs them (see the services named). */
/** @type {Record<string, string | undefined>} */
const queries = {
  // profiles.service.ts getPublicUser: the user and their profile (a seller: no offers, no missions).
  profile: `select u.id, u.first_name, u.last_name, u.profile_picture, u.banner, u.role, u.location,
      u.available, u.last_seen_at, u.social_links, u.video_url, u.loom,
      p.kind, p.description, p.work_sector_ids, p.finished_profile_setup, p.conversion_rate,
      p.experience, p.skills, p.formations, p.social_links as profile_social_links, p.video_url as profile_video_url
    from users u left join profiles p on p.user_id = u.id
    where u.id = $1 and u.suspended_at is null`,
  // missions.service.ts getMission: the mission, its offer, its owner and the viewer's extras.
  mission: `select m.id, m.title, m.description, m.mission_type, m.min_conversion_rate, m.min_experience,
      m.ticket, m.service_id, m.infopreneur_id, m.status, m.mission_status, m.mentioned_skills,
      m.created_at, m.updated_at,
      s.id as s_id, s.name, s.description as s_description, s.price, s.commission_rate,
      s.financing_methods, s.certifications, s.location_type, s.location, s.work_sector_ids,
      s.duration, s.link, s.validation_status, s.status as s_status,
      u.id as u_id, u.first_name, u.last_name, u.profile_picture,
      (select count(*)::int from applications a where a.mission_id = m.id and a.status <> 'withdrawn') as application_count,
      (select count(*)::int from applications a where a.mission_id = m.id and a.status = 'accepted') as accepted_count,
      exists(select 1 from favorites f where f.user_id = $2 and f.kind = 'mission' and f.target_id = m.id) as favorite,
      (select a.id from applications a where a.mission_id = m.id and a.user_id = $2) as my_application_id,
      (select a.status from applications a where a.mission_id = m.id and a.user_id = $2) as my_application_status
    from missions m
    join services s on s.id = m.service_id
    join users u on u.id = m.infopreneur_id
    where m.id = $1 and m.status <> 'deleted'
      and (m.infopreneur_id = $2 or $3::boolean or m.listed
        or exists(select 1 from applications a where a.mission_id = m.id and a.user_id = $2))`,
  // deals/deal-access.ts dealFor, then deal-history.ts historyOf (the people named, joined).
  deal: `select d.id, d.title, d.observations, d.status, d.expected_close_date, d.probability,
      d.prospect_id, d.owner_id, d.team_id, d.setter_id, d.service_id, d.mission_id, d.amount_cents,
      d.lost_reason, d.stage_changed_at, d.closed_at, d.refunded_at, d.created_at, d.updated_at,
      s.id as s_id, s.name, s.price, s.commission_rate, s.infopreneur_id,
      p.id as p_id, p.first_name, p.last_name, p.email, p.phone,
      o.id as o_id, o.first_name as o_first_name, o.last_name as o_last_name,
      st.id as st_id, st.first_name as st_first_name, st.last_name as st_last_name
    from deals d
    join prospects p on p.id = d.prospect_id
    join users o on o.id = d.owner_id
    left join users st on st.id = d.setter_id
    left join services s on s.id = d.service_id
    where d.id = $1`,
  history: `select h.id, h.deal_id, h.user_id, h.field, h.from_value, h.to_value, h.note, h.created_at,
      u.first_name, u.last_name
    from deal_histories h left join users u on u.id = h.user_id
    where h.deal_id = $1 order by h.created_at, h.id`,
  // messages.service.ts listConversations: a page with its total (window count), then the last
  // message of each conversation of the page with its sender.
  conversations: `select c.id, c.last_message_at, c.created_at, theirs.last_read_at as other_last_read_at,
      ou.id as other_id, ou.first_name, ou.last_name, ou.profile_picture, ou.last_seen_at, op.kind,
      (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id is distinct from $1
        and (mine.last_read_at is null or m.created_at > mine.last_read_at)) as unread_count,
      count(*) over ()::int as total
    from conversation_participants mine
    join conversations c on c.id = mine.conversation_id
    join conversation_participants theirs on theirs.conversation_id = c.id and theirs.user_id <> mine.user_id
    join users ou on ou.id = theirs.user_id
    left join profiles op on op.user_id = ou.id
    where mine.user_id = $1
    order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
    limit $2 offset $3`,
  lastMessages: `select m.id, m.conversation_id, m.chat_id, m.body, m.attachment, m.created_at,
      su.id as sender_id, su.first_name, su.last_name, su.profile_picture, su.last_seen_at, sp.kind
    from messages m
    left join users su on su.id = m.sender_id
    left join profiles sp on sp.user_id = su.id
    where m.id in (select max(x.id) from messages x where x.conversation_id = any($1::int[]) group by x.conversation_id)`,
};

/** Runs one named query with its parameters: answers its rows. */
/** @type {(name: string, params: unknown[]) => Promise<any[]>} */
let run;
if (kind === 'postgres') {
  const { default: postgres } = await import('postgres');
  const sql = postgres(process.env.BENCH_DB_URL ?? '', {
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    fetch_types: false,
    onnotice: () => {},
  });
  run = (name, params) => sql.unsafe(queries[name] ?? '', /** @type {any[]} */ (params), { prepare: true });
} else if (kind === 'pglite') {
  const { PGlite, messages, parse, protocol } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const pg = await PGlite.create({ dataDir: process.env.BENCH_DB_DIR, extensions: { pg_trgm, unaccent } });
  const concat = (/** @type {Uint8Array[]} */ parts) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  // As the server's driver (apps/server/src/db/pglite-driver.ts): a named server-side statement,
  // Parse + Describe once, then Bind + Execute + Sync per execution under PGlite's mutexes.
  const statements = new Map();
  const prepare = async (/** @type {string} */ name) => {
    const replies = await pg.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text: queries[name] ?? '' }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    /** @type {{ paramTypes: number[], rowDescription: any }} */
    const statement = { paramTypes: [], rowDescription: null };
    for (const reply of replies) {
      if (reply instanceof messages.ParameterDescriptionMessage) statement.paramTypes = reply.dataTypeIDs;
      else if (reply instanceof messages.RowDescriptionMessage) statement.rowDescription = reply;
    }
    statements.set(name, statement);
    return statement;
  };
  run = async (name, params) => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const statement = statements.get(name) ?? (await prepare(name));
        const values = params.map((/** @type {unknown} */ param, /** @type {number} */ i) => {
          if (param === null || param === undefined) return null;
          const serialize = pg.serializers[/** @type {number} */ (statement.paramTypes[i])];
          return serialize ? serialize(param) : String(param);
        });
        const replies = await pg.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await pg.syncToFs();
        return parse.parseResults([statement.rowDescription, ...replies], pg.parsers)[0]?.rows ?? [];
      }),
    );
  };
} else {
  throw new Error(`BENCH_DB_KIND=${kind}: expected postgres or pglite`);
}

/** @type {Record<string, () => Promise<unknown>>} */
const handlers = {
  '/profile': async () => (await run('profile', [ids.profile]))[0],
  '/mission': async () => (await run('mission', [ids.mission, ids.viewer, false]))[0],
  '/deal': async () => {
    const [deal] = await run('deal', [ids.deal]);
    return { ...deal, history: await run('history', [ids.deal]) };
  },
  '/conversations': async () => {
    const rows = await run('conversations', [ids.viewer, 20, 0]);
    const last = await run('lastMessages', [`{${rows.map((r) => r.id).join(',')}}`]);
    return { data: rows, last, total: rows[0]?.total ?? 0 };
  },
};

const server = http.createServer((request, response) => {
  const handler = handlers[request.url ?? ''];
  if (!handler) {
    response.writeHead(404).end();
    return;
  }
  handler().then(
    (/** @type {unknown} */ answer) => {
      const body = Buffer.from(JSON.stringify(answer));
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      response.end(body);
    },
    (/** @type {any} */ error) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error?.message ?? error));
    },
  );
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : null });
});

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
