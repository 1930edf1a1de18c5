/**
 * A plain resource's five calls from one declaration: list (through the list
 * engine), read, create, update and delete, each behind its policy action
 * (`<resource>.list|view|create|update|delete`), each change through the
 * write path (one activity row, one event), each reply through its schema.
 * A module overrides only what differs by passing its own service functions.
 */
import { and, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ListResponse } from "../../contracts/list";
import type { Action, Actor, Resource, VerbOf } from "../../contracts/policies";
import { dataReply, listReply } from "../../contracts/replies";
import { idParams, recordId } from "../../contracts/validation";
import type { Db } from "../db/client";
import { diffFields } from "./changes";
import type { AppContext } from "./context";
import { HttpError, invalidField, notFound } from "./errors";
import { listQuerySchema, paged, parseListQuery, type ListSpec } from "./list";
import { authorize } from "./policy";
import { mutate, type Author } from "./write";

type CrudVerb = "list" | "view" | "create" | "update" | "delete";
/** Resources whose policy has the five CRUD verbs. */
export type CrudResource = { [K in Resource]: CrudVerb extends VerbOf<K> ? K : never }[Resource];

export type RemoveOutcome = "deleted" | "archived";

/** The five calls, as a module may write any of them itself. */
export interface CrudService<Rec, Create, Update> {
  list(ctx: AppContext, actor: Actor, query: Record<string, unknown>): Promise<ListResponse<Rec>>;
  read(ctx: AppContext, actor: Actor, id: number): Promise<Rec>;
  create(ctx: AppContext, actor: Actor, author: Author, input: Create): Promise<Rec>;
  update(ctx: AppContext, actor: Actor, author: Author, id: number, input: Update): Promise<Rec>;
  remove(ctx: AppContext, actor: Actor, author: Author, id: number): Promise<RemoveOutcome>;
}

/** A field no two records share (text whatever its case, other values as they are): its column and the message of a clash. */
export interface UniqueRule {
  field: string;
  column: PgColumn;
  message: string;
}

/** Who reads a record, for fields that depend on it (pay) and signed links. */
export interface Viewer {
  actor: Actor;
  appKey: string;
  now: Date;
}

/** What the routes need: where, which policy, the list's fields and the shapes in and out. */
export interface CrudRoutesSpec<Rec, Create extends object, Update extends object> {
  resource: CrudResource;
  /** Under /api: "/roles". */
  path: string;
  list: ListSpec;
  /** List parameters of the resource's own, beside the engine's (documented and validated with them). */
  listParams?: Record<string, z.ZodType>;
  schemas: { record: z.ZodType<Rec>; create: z.ZodType<Create>; update: z.ZodType<Update> };
  /** Message keys of the replies. */
  messages: { created: string; updated: string; deleted: string; archived?: string };
}

export interface CrudSpec<Row extends { id: number }, Rec, Create extends object, Update extends object> extends CrudRoutesSpec<Rec, Create, Update> {
  /** The activity log's and the events' name for one record: "role" (role.created...). */
  subjectType: string;
  table: PgTable & { id: PgColumn };
  /** What a read selects (computed columns included); the table's columns by default. */
  columns?: SelectedFields;
  toRecord(row: Row, viewer: Viewer): Rec;
  /** The record as its policy reads it, from a row or from the row as it will be after a write. */
  subject(row: Partial<Row>): unknown;
  /** Text fields no two records share, whatever the case: a 422 on the field names the clash. */
  unique?: readonly UniqueRule[];
  /** Domain rules beyond the policy (a record in use): throw the 4xx. */
  checks?: {
    create?(db: Db, input: Create): Promise<void>;
    update?(db: Db, input: Update, before: Row): Promise<void>;
    remove?(db: Db, before: Row): Promise<void>;
  };
  /** What else a write changes, in its own transaction (figures derived from the record). */
  alsoWrite?: {
    create?(ctx: AppContext, tx: Db, input: Create): Promise<void>;
    update?(ctx: AppContext, tx: Db, input: Update, before: Row): Promise<void>;
    remove?(ctx: AppContext, tx: Db, before: Row): Promise<void>;
  };
  /** What the activity log keeps of a deleted record (default: all its fields). */
  summary?(row: Row): Record<string, unknown>;
  /**
   * A record with history (`inUse`) is archived by `values` instead of deleted: what names it keeps its subject. One
   * that gains history while it is being deleted is refused with `raced` (409; asked again, it is archived).
   */
  archiveWhenUsed?: { inUse(db: Db, row: Row): Promise<boolean>; values: Partial<Row>; raced: string };
}

const viewerOf = (ctx: AppContext, actor: Actor): Viewer => ({ actor, appKey: ctx.config.appKey, now: ctx.clock.now() });

/** created/updated timestamps and authors, for the columns the table has. */
function stamps(table: PgTable, actorId: number | null, now: Date, creating: boolean): Record<string, unknown> {
  const columns = getTableColumns(table);
  const values: Record<string, unknown> = {};
  if ("updated_at" in columns) values.updated_at = now;
  if ("updated_by" in columns) values.updated_by = actorId;
  if (creating && "created_at" in columns) values.created_at = now;
  if (creating && "created_by" in columns) values.created_by = actorId;
  return values;
}

/** Column types compared whatever the case. */
const TEXT_COLUMNS = new Set(["PgText", "PgVarchar"]);

/** Refuses a value another record already has (text case-insensitively); a race past this is the unique index's 409. */
async function assertUnique(db: Db, table: PgTable & { id: PgColumn }, rules: readonly UniqueRule[] | undefined, input: object, exceptId?: number) {
  for (const rule of rules ?? []) {
    const value = (input as Record<string, unknown>)[rule.field];
    if (typeof value !== "string") continue;
    const same = TEXT_COLUMNS.has(rule.column.columnType) ? sql`lower(${rule.column}) = lower(${value})` : eq(rule.column, value);
    const [taken] = await db.select({ id: table.id }).from(table as PgTable).where(exceptId === undefined ? same : and(same, ne(table.id, exceptId))).limit(1);
    if (taken) throw invalidField(rule.field, rule.message);
  }
}

const defined = (input: object) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));

export function crudService<Row extends { id: number }, Rec, Create extends object, Update extends object>(
  spec: CrudSpec<Row, Rec, Create, Update>,
): CrudService<Rec, Create, Update> & { load(db: Db, id: number): Promise<Row | null> } {
  const action = (verb: CrudVerb) => `${spec.resource}.${verb}` as Action;
  const allow = (actor: Actor, verb: CrudVerb, row: Partial<Row>) => authorize(actor, action(verb), spec.subject(row) as never);
  const columns = spec.columns ?? getTableColumns(spec.table);
  const select = (db: Db, where: SQL | undefined) => db.select(columns).from(spec.table as PgTable).where(where);
  const load = async (db: Db, id: number) => ((await select(db, eq(spec.table.id, id)))[0] as Row | undefined) ?? null;
  /** What a write answers: the record as it now is, whether or not the writer may read it otherwise. */
  const written = async (ctx: AppContext, actor: Actor, id: number) => spec.toRecord((await load(ctx.db, id))!, viewerOf(ctx, actor));

  return {
    load,
    async list(ctx, actor, query) {
      const list = parseListQuery(query, spec.list);
      const viewer = viewerOf(ctx, actor);
      return paged(ctx.db, list, {
        rows: async (page) =>
          (await select(ctx.db, page.where).orderBy(...page.orderBy).limit(page.limit).offset(page.offset)).map((row) => spec.toRecord(row as Row, viewer)),
        count: spec.table,
      });
    },

    async read(ctx, actor, id) {
      const row = await load(ctx.db, id);
      if (!row) throw notFound();
      allow(actor, "view", row);
      return spec.toRecord(row, viewerOf(ctx, actor));
    },

    async create(ctx, actor, author, input) {
      allow(actor, "create", input as Partial<Row>);
      await assertUnique(ctx.db, spec.table, spec.unique, input);
      await spec.checks?.create?.(ctx.db, input);
      const id = await mutate(ctx, author, { action: `${spec.subjectType}.created`, subjectType: spec.subjectType }, async (tx) => {
        const values = { ...input, ...stamps(spec.table, actor.id, ctx.clock.now(), true) };
        const [row] = await tx.insert(spec.table).values(values as never).returning({ id: spec.table.id });
        const created = row.id as number;
        await spec.alsoWrite?.create?.(ctx, tx, input);
        return { result: created, subjectId: created, changes: { ...input } as Record<string, unknown> };
      });
      return written(ctx, actor, id as number);
    },

    async update(ctx, actor, author, id, input) {
      const before = await load(ctx.db, id);
      if (!before) throw notFound();
      allow(actor, "update", before);
      // Nobody makes a record they could not have created: the result is checked as a new one.
      allow(actor, "create", { ...before, ...defined(input) });
      await assertUnique(ctx.db, spec.table, spec.unique, input, id);
      await spec.checks?.update?.(ctx.db, input, before);
      const changes = diffFields(before as Record<string, unknown>, input as Record<string, unknown>);
      await mutate(ctx, author, { action: `${spec.subjectType}.updated`, subjectType: spec.subjectType }, async (tx) => {
        if (Object.keys(changes).length === 0) return { result: id, unchanged: true };
        await tx
          .update(spec.table)
          .set({ ...input, ...stamps(spec.table, actor.id, ctx.clock.now(), false) } as never)
          .where(eq(spec.table.id, id));
        await spec.alsoWrite?.update?.(ctx, tx, input, before);
        return { result: id, subjectId: id, changes };
      });
      return written(ctx, actor, id);
    },

    async remove(ctx, actor, author, id) {
      const before = await load(ctx.db, id);
      if (!before) throw notFound();
      allow(actor, "delete", before);
      await spec.checks?.remove?.(ctx.db, before);
      const archive = spec.archiveWhenUsed;
      if (archive && (await archive.inUse(ctx.db, before))) {
        return mutate(ctx, author, { action: `${spec.subjectType}.archived`, subjectType: spec.subjectType }, async (tx) => {
          await tx
            .update(spec.table)
            .set({ ...archive.values, ...stamps(spec.table, actor.id, ctx.clock.now(), false) })
            .where(eq(spec.table.id, id));
          return { result: "archived" as const, subjectId: id, changes: diffFields(before, archive.values) };
        });
      }
      return mutate(ctx, author, { action: `${spec.subjectType}.deleted`, subjectType: spec.subjectType }, async (tx) => {
        if (archive) {
          // Held until commit: a record naming it written meanwhile waits for this (its foreign key check locks the row
          // too) or came first and is found here, so nothing goes with the delete.
          await tx.execute(sql`select 1 from ${spec.table} where ${spec.table.id} = ${id} for update`);
          if (await archive.inUse(tx, before)) throw new HttpError(409, archive.raced);
        }
        await tx.delete(spec.table).where(eq(spec.table.id, id));
        await spec.alsoWrite?.remove?.(ctx, tx, before);
        return { result: "deleted" as const, subjectId: id, changes: spec.summary?.(before) ?? { ...before } };
      });
    },
  };
}

/** The reply to a delete: which record, and whether it went or was archived (kept for its history). */
export const removeReply = dataReply(z.object({ id: recordId, outcome: z.enum(["deleted", "archived"]) }));

/**
 * Registers the five routes of a resource: the generic service from a full
 * spec, or a module's own service where its rules differ.
 */
export function crudRoutes<Row extends { id: number }, Rec, Create extends object, Update extends object>(
  fastify: FastifyInstance,
  spec: CrudSpec<Row, Rec, Create, Update>,
): void;
export function crudRoutes<Rec, Create extends object, Update extends object>(
  fastify: FastifyInstance,
  spec: CrudRoutesSpec<Rec, Create, Update>,
  service: CrudService<Rec, Create, Update>,
): void;
export function crudRoutes<Rec, Create extends object, Update extends object>(
  fastify: FastifyInstance,
  spec: CrudRoutesSpec<Rec, Create, Update>,
  service: CrudService<Rec, Create, Update> = crudService(spec as CrudSpec<{ id: number }, Rec, Create, Update>),
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const action = (verb: CrudVerb) => `${spec.resource}.${verb}` as Action;
  const { path, schemas, messages } = spec;
  const record = dataReply(schemas.record);

  app.get(path, { config: { action: action("list") }, schema: { querystring: listQuerySchema(spec.list, spec.listParams), response: { 200: listReply(schemas.record) } } }, (request) =>
    service.list(app.ctx, request.user, request.query as Record<string, unknown>),
  );
  app.get(`${path}/:id`, { config: { action: action("view") }, schema: { params: idParams, response: { 200: record } } }, async (request) => ({
    data: await service.read(app.ctx, request.user, request.params.id),
  }));
  app.post(path, { config: { action: action("create") }, schema: { body: schemas.create, response: { 201: record } } }, async (request, reply) => {
    const data = await service.create(app.ctx, request.user, request.author, request.body as Create);
    reply.code(201);
    return { data, message: request.t(messages.created) };
  });
  app.put(`${path}/:id`, { config: { action: action("update") }, schema: { params: idParams, body: schemas.update, response: { 200: record } } }, async (request) => ({
    data: await service.update(app.ctx, request.user, request.author, request.params.id, request.body as Update),
    message: request.t(messages.updated),
  }));
  app.delete(`${path}/:id`, { config: { action: action("delete") }, schema: { params: idParams, response: { 200: removeReply } } }, async (request) => {
    const outcome = await service.remove(app.ctx, request.user, request.author, request.params.id);
    return { data: { id: request.params.id, outcome }, message: request.t(outcome === "archived" && messages.archived ? messages.archived : messages.deleted) };
  });
}
