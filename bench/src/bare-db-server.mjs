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

/**
 * The queries of each endpoint, in the order the server runs them: the text drizzle sends for the
 * server's prepared statements (profiles.service.ts `public_user`; missions.service.ts
 * `mission_page`; deals/deal-access.ts `deal_page`, the deal with its history; messages.service.ts
 * `conversation_page`, the page with its last messages and unread counts), copied from postgres.js'
 * debug output. Keep them in step when those statements change.
 */
/** @type {Record<string, string | undefined>} */
const queries = {
  profile:
    'select "users"."id", "users"."first_name", "users"."last_name", "users"."profile_picture", "users"."banner", "users"."role", "users"."location", "users"."available", "users"."last_seen_at", "users"."social_links", "users"."video_url", "users"."loom", "users"."created_at", "profiles"."kind", "profiles"."description", "profiles"."work_sector_ids", "profiles"."finished_profile_setup", "profiles"."conversion_rate", "profiles"."experience", "profiles"."skills", "profiles"."formations", "profiles"."social_links", "profiles"."video_url" from "users" left join "profiles" on "profiles"."user_id" = "users"."id" where ("users"."id" = $1 and "users"."suspended_at" is null)',
  mission:
    'select "missions"."id", "missions"."title", "missions"."description", "missions"."mission_type", "missions"."min_conversion_rate", "missions"."min_experience", "missions"."ticket", "missions"."service_id", "missions"."infopreneur_id", "missions"."status", "missions"."mission_status", "missions"."mentioned_skills", "missions"."created_at", "missions"."updated_at", "services"."id", "services"."name", "services"."description", "services"."price", "services"."commission_rate", "services"."financing_methods", "services"."certifications", "services"."location_type", "services"."location", "services"."work_sector_ids", "services"."duration", "services"."link", "services"."validation_status", "services"."status", "users"."id", "users"."first_name", "users"."last_name", "users"."profile_picture", (select count(*)::int from "applications" a where a.mission_id = "missions"."id" and a.status <> \'withdrawn\'), (select count(*)::int from "applications" a where a.mission_id = "missions"."id" and a.status = \'accepted\'), exists(select 1 from favorites f where f.user_id = $1 and f.kind = \'mission\' and f.target_id = "missions"."id"), (select a.id from "applications" a where a.mission_id = "missions"."id" and a.user_id = $2), (select a.status from "applications" a where a.mission_id = "missions"."id" and a.user_id = $3) from "missions" inner join "services" on "services"."id" = "missions"."service_id" inner join "users" on "users"."id" = "missions"."infopreneur_id" where ("missions"."id" = $4 and "missions"."status" <> \'deleted\' and ("missions"."infopreneur_id" = $5 or $6::boolean or ("missions"."listed") or exists(select 1 from "applications" a where a.mission_id = "missions"."id" and a.user_id = $7)))',
  deal: 'select "deals"."id", "deals"."title", "deals"."observations", "deals"."status", "deals"."expected_close_date", "deals"."probability", "deals"."prospect_id", "deals"."owner_id", "deals"."team_id", "deals"."setter_id", "deals"."service_id", "deals"."mission_id", "deals"."amount_cents", "deals"."lost_reason", "deals"."stage_changed_at", "deals"."closed_at", "deals"."refunded_at", "deals"."history_stage_rank", "deals"."created_at", "deals"."updated_at", "services"."id", "services"."name", "services"."price", "services"."commission_rate", "services"."infopreneur_id", "prospects"."id", "prospects"."first_name", "prospects"."last_name", "prospects"."email", "prospects"."phone", "deal_owner"."id", "deal_owner"."first_name", "deal_owner"."last_name", "deal_setter"."id", "deal_setter"."first_name", "deal_setter"."last_name", exists(select 1 from "team_members" tm\n        where tm.team_id = "deals"."team_id" and tm.user_id = $1), (\n  select coalesce(json_agg(json_build_object(\n    \'id\', h.id, \'dealId\', h.deal_id, \'field\', h.field, \'fromValue\', h.from_value,\n    \'toValue\', h.to_value, \'note\', h.note, \'createdAt\', h.created_at, \'user\', case when u.id is not null then json_build_object(\n    \'id\', u.id, \'firstName\', u.first_name, \'lastName\', u.last_name) end,\n    \'fromUser\', case when h.field = \'owner\' and h.from_value ~ \'^[0-9]{1,18}$\' then (\n    select json_build_object(\'id\', o.id, \'firstName\', o.first_name, \'lastName\', o.last_name)\n    from users o where o.id = h.from_value::bigint) end, \'toUser\', case when h.field = \'owner\' and h.to_value ~ \'^[0-9]{1,18}$\' then (\n    select json_build_object(\'id\', o.id, \'firstName\', o.first_name, \'lastName\', o.last_name)\n    from users o where o.id = h.to_value::bigint) end\n  ) order by h.created_at, h.id), \'[]\')\n  from deal_histories h\n  left join users u on u.id = h.user_id\n  where h.deal_id = "deals"."id"\n) from "deals" inner join "prospects" on "prospects"."id" = "deals"."prospect_id" inner join "users" "deal_owner" on "deal_owner"."id" = "deals"."owner_id" left join "users" "deal_setter" on "deal_setter"."id" = "deals"."setter_id" left join "services" on "services"."id" = "deals"."service_id" where "deals"."id" = $2',
  conversations:
    'select "page"."id", "page"."last_message_at", "page"."created_at", "other_user"."id", "other_user"."first_name", "other_user"."last_name", "other_user"."profile_picture", "other_user"."last_seen_at", "other_profile"."kind", "other_last_read_at", "page"."unread_count", "total", "messages"."id", "messages"."chat_id", "messages"."conversation_id", "messages"."sender_id", "messages"."body", "messages"."attachment", "messages"."edited_at", "messages"."created_at", "sender_user"."id", "sender_user"."first_name", "sender_user"."last_name", "sender_user"."profile_picture", "sender_user"."last_seen_at", "sender_profile"."kind" from (select "conversations"."id", "conversations"."last_message_at", "conversations"."created_at", "conversations"."last_message_id", "conversation_participants"."unread_count", "theirs"."user_id" as "other_id", "theirs"."last_read_at" as "other_last_read_at", coalesce("conversations"."last_message_at", "conversations"."created_at") as "activity", (count(*) over ())::int as "total" from "conversation_participants" inner join "conversations" on "conversations"."id" = "conversation_participants"."conversation_id" inner join "conversation_participants" "theirs" on ("theirs"."conversation_id" = "conversations"."id" and "theirs"."user_id" <> "conversation_participants"."user_id") where "conversation_participants"."user_id" = $1 order by coalesce("conversations"."last_message_at", "conversations"."created_at") desc, "conversations"."id" desc limit $2 offset $3) "page" inner join "users" "other_user" on "other_user"."id" = "other_id" left join "profiles" "other_profile" on "other_profile"."user_id" = "other_user"."id" left join "messages" on "messages"."id" = "page"."last_message_id" left join "users" "sender_user" on "sender_user"."id" = "messages"."sender_id" left join "profiles" "sender_profile" on "sender_profile"."user_id" = "sender_user"."id" order by "activity" desc, "page"."id" desc',
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
  '/mission': async () =>
    (
      await run('mission', [ids.viewer, ids.viewer, ids.viewer, ids.mission, ids.viewer, false, ids.viewer])
    )[0],
  '/deal': async () => (await run('deal', [ids.viewer, ids.deal]))[0],
  '/conversations': async () => {
    const rows = await run('conversations', [ids.viewer, 20, 0]);
    return { data: rows, total: rows[0]?.total ?? 0 };
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
