import type { Db } from "../db/client";
import { maskSecrets, recordActivities, recordActivity } from "./audit";
import type { AppContext } from "./context";
import type { RequestOrigin } from "./origin";

/** Who makes a change, and from where: the activity log's actor and origin. */
export interface Author {
  actorId: number | null;
  origin: RequestOrigin;
}

/** What a write did: its answer, the record it changed and the changed fields (before/after pairs, or a created record's fields). */
export type WriteOutcome<T> =
  /** actorId: the author when only the write tells who they are (a newcomer registering). */
  | { result: T; subjectId: number | null; changes: Record<string, unknown>; actorId?: number }
  /** Nothing to change: no activity row, no event. */
  | { result: T; unchanged: true };

export interface WriteKind {
  /** The activity and event name: "role.updated". */
  action: string;
  subjectType: string;
}

/**
 * The one way a change reaches the database: the work and its activity row
 * commit together or not at all, and the domain event is published once
 * they have (caches and notifications listen to events, not to callers).
 */
export async function mutate<T>(ctx: AppContext, author: Author, kind: WriteKind, work: (tx: Db) => Promise<WriteOutcome<T>>): Promise<T> {
  const at = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const done = await work(tx);
    if (!("unchanged" in done)) {
      await recordActivity(tx, {
        actorId: done.actorId ?? author.actorId,
        action: kind.action,
        subjectType: kind.subjectType,
        subjectId: done.subjectId,
        changes: done.changes,
        origin: author.origin,
        at,
      });
    }
    return done;
  });
  if (!("unchanged" in outcome)) {
    await ctx.events.publish({
      type: kind.action,
      subjectType: kind.subjectType,
      subjectId: outcome.subjectId,
      actorId: outcome.actorId ?? author.actorId,
      changes: maskSecrets(outcome.changes),
    });
  }
  return outcome.result;
}

/** What a write of many subjects did: its answer, and each subject it changed with its changed fields. */
export interface ManyOutcome<T> {
  result: T;
  subjects: { subjectId: number; changes: Record<string, unknown> }[];
}

/**
 * Many subjects changed by one piece of work (an import, a bulk edit): the
 * work and an activity row per subject commit together. After commit, each
 * subject's event is published, or, with `batchEvent`, one event for the
 * whole batch (its changes list the subjects' ids), for listeners whose
 * work is set-based rather than one per subject.
 */
export async function mutateMany<T>(ctx: AppContext, author: Author, kind: WriteKind & { batchEvent?: string }, work: (tx: Db) => Promise<ManyOutcome<T>>): Promise<T> {
  const at = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const done = await work(tx);
    await recordActivities(
      tx,
      done.subjects.map((subject) => ({ actorId: author.actorId, action: kind.action, subjectType: kind.subjectType, subjectId: subject.subjectId, changes: subject.changes, origin: author.origin, at })),
    );
    return done;
  });
  if (kind.batchEvent) {
    if (outcome.subjects.length > 0) {
      await ctx.events.publish({ type: kind.batchEvent, subjectType: kind.subjectType, subjectId: null, actorId: author.actorId, changes: { ids: outcome.subjects.map((subject) => subject.subjectId) } });
    }
  } else {
    for (const subject of outcome.subjects) {
      await ctx.events.publish({ type: kind.action, subjectType: kind.subjectType, subjectId: subject.subjectId, actorId: author.actorId, changes: maskSecrets(subject.changes) });
    }
  }
  return outcome.result;
}
