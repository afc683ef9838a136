/**
 * Drizzle on PGlite without two costs of the stock driver (`drizzle-orm/pglite`):
 *
 * 1. Its prepared queries pass `parsers` on every query, and PGlite then copies its whole
 *    type-parser table (~318 entries) per query (`parseResults`: `{ ...defaults, ...parsers }`).
 *    Here the PGlite instance gets those parsers once, and the client that drizzle talks to
 *    drops them from each query.
 * 2. `.prepare('name')` statements were parsed and planned again on every execution (PGlite's
 *    `query()` uses the unnamed statement). Here a named drizzle query becomes a named
 *    server-side statement: Parse + Describe once, then Bind + Execute + Sync per execution,
 *    in one protocol round, under PGlite's own query/transaction mutexes.
 *
 * Results are parsed by PGlite's own `parseResults` with the same parsers, so rows and field
 * types are what `query()` returns (timestamps stay strings for drizzle to map).
 */
import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from '@electric-sql/pglite';
import {
  type Casing,
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
  type Logger,
  NoopLogger,
  type Query,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import { type Cache, NoopCache } from 'drizzle-orm/cache/core';
import type { WithCacheConfig } from 'drizzle-orm/cache/core/types';
import {
  PgDialect,
  type PgPreparedQuery,
  type PgTransactionConfig,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import {
  PgliteDatabase,
  PglitePreparedQuery,
  PgliteSession,
  type PgliteSessionOptions,
  PgliteTransaction,
} from 'drizzle-orm/pglite';

type Parser = (value: string, typeId?: number) => unknown;
const identity: Parser = (value) => value;

/** Array type → element type, for the arrays among drizzle's parsers. */
const ARRAY_ELEMENT: Record<number, number> = {
  1231: types.NUMERIC,
  1115: types.TIMESTAMP,
  1185: types.TIMESTAMPTZ,
  1187: types.INTERVAL,
  1182: types.DATE,
};

/**
 * What drizzle-orm/pglite asks for on every query (its `queryConfig.parsers`): dates, timestamps,
 * intervals and their arrays stay text, which drizzle's columns map themselves.
 */
export const DRIZZLE_PARSERS: Readonly<Record<number, Parser>> = Object.freeze({
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  ...Object.fromEntries(Object.keys(ARRAY_ELEMENT).map((oid) => [oid, identity])),
});
const DRIZZLE_PARSER_OIDS = new Set(Object.keys(DRIZZLE_PARSERS));

/**
 * PGlite's default parsers for the types that drizzle's parsers leave as text, for raw SQL
 * (`rawQuery`) that should read as it always did (timestamps as Date, like postgres.js gives).
 */
const DEFAULT_PARSERS: Record<number, Parser> = Object.fromEntries(
  Object.keys(DRIZZLE_PARSERS).map((key) => {
    const oid = Number(key);
    const defaults = types.parsers as Record<number, Parser | undefined>;
    const element = ARRAY_ELEMENT[oid];
    if (element === undefined) return [oid, defaults[oid] ?? identity];
    const parseElement = defaults[element] ?? identity;
    return [oid, (value: string) => types.arrayParser(value, parseElement, oid)];
  }),
);

/** Statements that can drop server-side prepared statements behind our back. */
const DROPS_STATEMENTS = /\b(?:discard\s+all|deallocate)\b/i;
/** The statement is gone (DEALLOCATE, DISCARD ALL), or its result type changed (migration). */
const isStaleStatement = (error: unknown) =>
  error instanceof messages.DatabaseError &&
  (error.code === '26000' ||
    (error.code === '0A000' && /cached plan must not change result type/.test(error.message)));

/** Named statements kept at most; the oldest is closed beyond that. */
const MAX_STATEMENTS = 256;

/** Drops drizzle's `parsers` when the instance already has them; anything else passes untouched. */
function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!DRIZZLE_PARSER_OIDS.has(oid)) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/** The same decoration as PGlite's own `makePGliteError`, so errors look like `query()`'s. */
function asPgliteError(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

interface Statement {
  /** Server-side name. */
  name: string;
  paramTypes: number[];
  /** From Describe (statement); null for a statement that returns no rows. */
  rowDescription: InstanceType<typeof messages.RowDescriptionMessage> | null;
}

/** Named server-side statements of one PGlite instance (one backend: shared by its transactions). */
class StatementCache {
  readonly #pg: PGlite;
  readonly #byText = new Map<string, Statement>();
  /** Names to close with the next Parse (evicted or found stale). */
  #toClose: string[] = [];
  #sequence = 0;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /** The statements are gone server-side (DISCARD ALL, DEALLOCATE): prepare afresh next time. */
  forgetAll() {
    this.#byText.clear();
    this.#toClose = [];
  }

  get size() {
    return this.#byText.size;
  }

  /**
   * Executes `text` as the named statement for it, preparing it first if needed. `tx` is set
   * inside `PGlite.transaction()` (which already holds the transaction mutex).
   */
  async execute<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx: Transaction | null,
  ): Promise<Results<T>> {
    const pg = this.#pg;
    await pg._checkReady();
    if (tx) {
      if (tx.closed) throw new Error('Transaction is closed');
      return pg._runExclusiveQuery(() => this.#run<T>(name, text, params, options, true));
    }
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => this.#run<T>(name, text, params, options, false)),
    );
  }

  async #run<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = this.#byText.get(text);
    const fresh = !statement;
    statement ??= await this.#prepare(name, text, params, options);
    try {
      return await this.#bindExecute<T>(statement, text, params, options, inTransaction);
    } catch (error) {
      if (!isStaleStatement(error)) throw error;
      this.#forget(text, statement);
      // Inside a transaction the error has aborted it: the next execution prepares afresh.
      if (inTransaction || fresh) throw error;
      statement = await this.#prepare(name, text, params, options);
      return await this.#bindExecute<T>(statement, text, params, options, inTransaction);
    }
  }

  #forget(text: string, statement: Statement) {
    if (this.#byText.get(text) === statement) this.#byText.delete(text);
    this.#toClose.push(statement.name);
  }

  async #prepare(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Statement> {
    if (this.#byText.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#byText.entries().next().value as [string, Statement];
      this.#forget(oldestText, oldest);
    }
    this.#sequence += 1;
    const serverName = `${name.slice(0, 48)}#${this.#sequence}`;
    const closing = this.#toClose.map((closed) => protocol.serialize.close({ type: 'S', name: closed }));
    this.#toClose = [];
    let replies: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      // Closing a statement that no longer exists is not an error; Sync ends the batch either way.
      replies = await this.#pg.execProtocolStream(
        concat([
          ...closing,
          protocol.serialize.parse({ name: serverName, text, types: options?.paramTypes }),
          protocol.serialize.describe({ type: 'S', name: serverName }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
    } catch (error) {
      throw asPgliteError(error, text, params, options);
    }
    let paramTypes: number[] = [];
    let rowDescription: Statement['rowDescription'] = null;
    for (const reply of replies) {
      if (reply instanceof messages.ParameterDescriptionMessage) paramTypes = reply.dataTypeIDs;
      else if (reply instanceof messages.RowDescriptionMessage) rowDescription = reply;
    }
    const statement = { name: serverName, paramTypes, rowDescription };
    this.#byText.set(text, statement);
    return statement;
  }

  async #bindExecute<T>(
    statement: Statement,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    const pg = this.#pg;
    // Serialised exactly as PGlite's query() does: by the parameter's type, else toString().
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serialize ? serialize(param) : String(param);
    });
    let replies: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      replies = await pg.execProtocolStream(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false, onNotice: options?.onNotice },
      );
    } catch (error) {
      throw asPgliteError(error, text, params, options);
    }
    if (!inTransaction) await pg.syncToFs();
    const described = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
    return parse.parseResults(described, pg.parsers, options)[0] as Results<T>;
  }
}

/** What drizzle's prepared queries call: `query(text, params, options)`. */
interface QueryTarget {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * The client drizzle is given in place of the PGlite instance (or of a PGlite transaction):
 * queries without the per-query parsers, and named statements for drizzle's named queries.
 */
export class PgliteDriverClient implements QueryTarget {
  readonly #target: PGlite | Transaction;
  readonly #statements: StatementCache;
  readonly #tx: Transaction | null;

  /** Wraps a PGlite instance, and installs drizzle's parsers on it (see installDrizzleParsers). */
  static wrap(pg: PGlite): PgliteDriverClient {
    installDrizzleParsers(pg);
    return new PgliteDriverClient(pg, new StatementCache(pg), null);
  }

  private constructor(target: PGlite | Transaction, statements: StatementCache, tx: Transaction | null) {
    this.#target = target;
    this.#statements = statements;
    this.#tx = tx;
  }

  /** Server-side statements currently prepared (for tests and diagnostics). */
  get preparedStatements(): number {
    return this.#statements.size;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#watch(text, () => this.#target.query<T>(text, params, withoutInstalledParsers(options)));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#watch(text, () => this.#target.exec(text, withoutInstalledParsers(options)));
  }

  /** Raw SQL with PGlite's default type parsing (timestamps as Date): not for drizzle. */
  rawQuery<T>(text: string, params?: unknown[]): Promise<Results<T>> {
    return this.#watch(text, () => this.#target.query<T>(text, params, { parsers: DEFAULT_PARSERS }));
  }

  /** Runs SQL; if it may drop prepared statements, forgets them (before and after it ran). */
  #watch<R>(text: string, run: () => Promise<R>): Promise<R> {
    if (!DROPS_STATEMENTS.test(text)) return run();
    this.#statements.forgetAll();
    return run().finally(() => this.#statements.forgetAll());
  }

  /** Runs `callback` in a PGlite transaction, with a client bound to it. */
  transaction<T>(callback: (client: PgliteDriverClient) => Promise<T>): Promise<T> {
    if (this.#tx) throw new Error('Nested PGlite transactions go through savepoints (drizzle does this)');
    return (this.#target as PGlite).transaction((tx) =>
      callback(new PgliteDriverClient(tx, this.#statements, tx)),
    );
  }

  /** A query target that runs every query as the named server-side statement for its text. */
  named(name: string): QueryTarget {
    return {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#statements.execute<T>(name, text, params, withoutInstalledParsers(options), this.#tx),
    };
  }
}

/**
 * Puts drizzle's parsers into the instance's own table, after PGlite's initialisation (its
 * `parsers` create option would not do: initialisation then replaces every array type's parser).
 * The instance's parsers are then exactly what `{ ...defaults, ...drizzleParsers }` gave per query.
 */
function installDrizzleParsers(pg: PGlite) {
  Object.assign(pg.parsers, DRIZZLE_PARSERS);
}

type AnyPreparedQuery = PgPreparedQuery<PreparedQueryConfig>;

/** drizzle's PGlite session, with named queries sent to named statements (also in transactions). */
class PreparingPgliteSession<
  TFullSchema extends Record<string, unknown>,
  TSchema extends TablesRelationalConfig,
> extends PgliteSession<TFullSchema, TSchema> {
  readonly #client: PgliteDriverClient;
  readonly #relational: RelationalSchemaConfig<TSchema> | undefined;
  readonly #options: PgliteSessionOptions;
  readonly #logger: Logger;
  readonly #cache: Cache;

  constructor(
    client: PgliteDriverClient,
    dialect: PgDialect,
    relational: RelationalSchemaConfig<TSchema> | undefined,
    options: PgliteSessionOptions = {},
  ) {
    super(client as unknown as PGlite, dialect, relational, options);
    this.#client = client;
    this.#relational = relational;
    this.#options = options;
    this.#logger = options.logger ?? new NoopLogger();
    this.#cache = options.cache ?? new NoopCache();
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T['execute'],
    queryMetadata?: { type: 'select' | 'update' | 'delete' | 'insert'; tables: string[] },
    cacheConfig?: WithCacheConfig,
  ): PgPreparedQuery<T> {
    const target = name ? this.#client.named(name) : this.#client;
    return new PglitePreparedQuery<T>(
      target as unknown as PGlite,
      query.sql,
      query.params,
      this.#logger,
      this.#cache,
      queryMetadata,
      cacheConfig,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    ) as AnyPreparedQuery as PgPreparedQuery<T>;
  }

  override transaction<T>(
    transaction: (tx: PgliteTransaction<TFullSchema, TSchema>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    return this.#client.transaction(async (client) => {
      const session = new PreparingPgliteSession<TFullSchema, TSchema>(
        client,
        this.dialect,
        this.#relational,
        this.#options,
      );
      const tx = new PgliteTransaction<TFullSchema, TSchema>(this.dialect, session, this.#relational);
      if (config) await tx.setTransaction(config);
      return transaction(tx);
    });
  }
}

export interface PgliteDrizzleConfig<TSchema extends Record<string, unknown>> {
  schema?: TSchema;
  casing?: Casing;
}

/** `drizzle(client, config)` of drizzle-orm/pglite, on a PgliteDriverClient. */
export function drizzlePglite<TSchema extends Record<string, unknown> = Record<string, never>>(
  client: PgliteDriverClient,
  config: PgliteDrizzleConfig<TSchema> = {},
): PgliteDatabase<TSchema> {
  const dialect = new PgDialect({ casing: config.casing });
  let relational: RelationalSchemaConfig<TablesRelationalConfig> | undefined;
  if (config.schema) {
    const tables = extractTablesRelationalConfig(config.schema, createTableRelationsHelpers);
    relational = { fullSchema: config.schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  }
  const session = new PreparingPgliteSession(client, dialect, relational);
  return new PgliteDatabase<TSchema>(
    dialect,
    session,
    relational as RelationalSchemaConfig<ExtractTablesWithRelations<TSchema>> | undefined,
  );
}
