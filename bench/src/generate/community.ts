/**
 * The community scenario's data (issue 21), generated inside the database (generate_series,
 * `setseed` for a repeatable draw), so that 100,000 posts take seconds, not a round trip each:
 * - `members` authors and registrants (`bench-community-N@example.com`, no password);
 * - `webinars` webinars (scale 1: 10,000) from a year ago to six months ahead, French titles and
 *   descriptions (the trigger of migration 0025 fills their search columns), a few free and most
 *   open, with 0 to 5 registrations each (the trigger keeps `registration_count`);
 * - `posts` posts (scale 1: 100,000) over two years, 1 to 3 tags of 12, ~2 % drafts and ~1 %
 *   hidden. For speed their `like_count` and `comment_count` are written directly (drawn, skewed);
 *   real like rows (`likes`) and comments (`comments`) are added on the newest posts only, and the
 *   triggers add those to the counters as they would.
 * Then VACUUM ANALYZE, as a live database would have it: the triggers' counter updates leave
 * 2.5 dead rows per live webinar and 0.7 per post, which autovacuum clears within minutes (left
 * there, they doubled the time of a webinars tab's count), and it marks the pages all-visible, so
 * that a total is counted from an index alone.
 */
import type postgres from 'postgres';

export interface CommunitySize {
  members: number;
  webinars: number;
  posts: number;
  likes: number;
  comments: number;
}

export const communitySize = (scale: number): CommunitySize => ({
  members: Math.max(50, Math.round(2_000 * scale)),
  webinars: Math.max(100, Math.round(10_000 * scale)),
  posts: Math.max(1_000, Math.round(100_000 * scale)),
  likes: Math.max(1_000, Math.round(50_000 * scale)),
  comments: Math.max(500, Math.round(20_000 * scale)),
});

export const COMMUNITY_TAGS = [
  'prospection',
  'closing',
  'mindset',
  'outils',
  'webinaire',
  'setting',
  'linkedin',
  'organisation',
  'formation',
  'immobilier',
  'crm',
  'debutant',
];

/** Words the titles and bodies are made of; the scenario's searches use some of them. */
export const COMMUNITY_WORDS = [
  'prospection',
  'closing',
  'objections',
  'immobilier',
  'investissement',
  'formation',
  'rendez-vous',
  'relance',
  'négociation',
  'motivation',
  'organisation',
  'agenda',
  'téléphone',
  'stratégie',
  'commission',
  'financement',
  'débutant',
  'confiance',
  'écoute',
  'méthode',
];

const literal = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Fills the database at `url` (migrated, empty of community data); returns how long each part took. */
export async function generateCommunity(
  sql: postgres.Sql,
  size: CommunitySize,
): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const step = async (name: string, statement: string) => {
    const started = performance.now();
    await sql.unsafe(statement);
    took[name] = Math.round(performance.now() - started);
  };
  const words = literal(COMMUNITY_WORDS);
  const tags = literal(COMMUNITY_TAGS);
  // A random word of the list (1-based arrays).
  const word = `(${words})[1 + floor(random() * ${COMMUNITY_WORDS.length})::int]`;

  await sql.unsafe('select setseed(0.21)');
  await step(
    'members',
    `insert into users (email, first_name, last_name, role, email_verified_at)
     select 'bench-community-' || n || '@example.com', 'Membre', 'Numéro ' || n,
            (array['setter', 'closer', 'setter-closer', 'infopreneur'])[1 + n % 4], now()
       from generate_series(1, ${size.members}) n`,
  );
  const memberIds = `(select array_agg(id order by id) from users where email like 'bench-community-%')`;

  await step(
    'webinars',
    `with m as (select ${memberIds} as ids)
     insert into webinars (user_id, title, start_time, duration_minutes, description, platform,
                           platform_url, language, price, has_replay, is_registration_open, capacity, created_at)
     select m.ids[1 + (n * 7) % array_length(m.ids, 1)],
            'Webinaire ' || ${word} || ' et ' || ${word} || ' n°' || n,
            now() + ((n % 546) - 365) * interval '1 day' + (n % 12) * interval '1 hour',
            30 + (n % 4) * 30,
            'Un webinaire en direct sur la ' || ${word} || ', la ' || ${word} || ' et la ' || ${word}
              || ' : méthodes, cas réels et questions-réponses pour les setters, closers et infopreneurs.',
            (array['zoom', 'google_meet', 'teams', 'youtube_live', 'livestorm'])[1 + n % 5],
            'https://zoom.us/j/' || (80000000000 + n), case when n % 7 = 0 then 'en' else 'fr' end,
            case when n % 10 = 0 then 49 else 0 end, n % 3 = 0, n % 20 <> 0,
            case when n % 4 = 0 then 100 else null end,
            now() - interval '400 days'
       from generate_series(1, ${size.webinars}) n, m`,
  );
  await step(
    'registrations',
    `with m as (select ${memberIds} as ids)
     insert into webinar_registrations (webinar_id, user_id, consent_to_contact, join_token)
     select w.id, m.ids[1 + (w.id * 13 + k * 101) % array_length(m.ids, 1)], k % 2 = 0,
            md5('bench-' || w.id || '-' || k)
       from webinars w, m, generate_series(1, 5) k
      where k <= w.id % 6
     on conflict do nothing`,
  );
  await step(
    'posts',
    `with m as (select ${memberIds} as ids)
     insert into posts (author_id, title, content, tags, status, published_at, hidden_at,
                        like_count, comment_count, created_at, updated_at)
     select m.ids[1 + (n * 17) % array_length(m.ids, 1)],
            initcap(${word}) || ' : ce que j’ai appris sur la ' || ${word},
            '<p>Retour d’expérience sur la ' || ${word} || ' et la ' || ${word} || '.</p><ul><li>'
              || ${word} || '</li><li>' || ${word} || '</li></ul><p>Et vous, comment gérez-vous la '
              || ${word} || ' ?</p>',
            (select array_agg(distinct t) from unnest((array[
               (${tags})[1 + (n % 12)], (${tags})[1 + ((n / 12) % 12)], (${tags})[1 + ((n / 144) % 12)]
             ])[1:1 + n % 3]) t),
            case when n % 50 = 0 then 'draft' else 'published' end,
            case when n % 50 = 0 then null else now() - (${size.posts} - n) * interval '10 minutes' end,
            case when n % 100 = 7 then now() else null end,
            floor(power(random(), 3) * 200)::int, floor(power(random(), 2) * 30)::int,
            now() - (${size.posts} - n) * interval '10 minutes', now()
       from generate_series(1, ${size.posts}) n, m`,
  );
  await step(
    'likes',
    `with m as (select ${memberIds} as ids),
          recent as (select id from posts where status = 'published' order by id desc limit ${Math.ceil(size.likes / 20)})
     insert into post_likes (post_id, user_id)
     select r.id, m.ids[1 + (r.id * 31 + k * 7) % array_length(m.ids, 1)]
       from recent r, m, generate_series(1, 20) k
     on conflict do nothing`,
  );
  await step(
    'comments',
    `with m as (select ${memberIds} as ids),
          recent as (select id from posts where status = 'published' order by id desc limit ${Math.ceil(size.comments / 4)})
     insert into post_comments (post_id, author_id, body)
     select r.id, m.ids[1 + (r.id * 11 + k * 3) % array_length(m.ids, 1)],
            'Merci pour ce retour sur la ' || ${word} || ', je vais tester dès demain.'
       from recent r, m, generate_series(1, 4) k`,
  );
  await step(
    'vacuum',
    'vacuum analyze webinars, webinar_search, webinar_registrations, posts, post_search, post_likes, post_comments',
  );
  await step('analyze', 'analyze');
  return took;
}
