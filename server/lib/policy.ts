import { decide, decideFields, type Action, type Actor, type RecordFor, type Resource } from "../../contracts/policies";
import { HttpError } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The policy action the route performs: its gate runs before the body is read. */
    action?: Action;
    /** Needs no sign-in (sign-in itself, reset links, signed file links, the public configuration). */
    public?: true;
  }
}

/** Refuses (403, with the policy's reason) unless the actor may do the action to this record. */
export function authorize<A extends Action>(actor: Actor, action: A, record: RecordFor<A>): void {
  const decision = decide(actor, action, record);
  if (decision !== true) throw new HttpError(decision.status ?? 403, decision.reason, decision.params);
}

/** Refuses (403) when `fields` include a group the actor may not write (pay, credentials, powers). */
export function authorizeWrite<K extends Resource>(actor: Actor, resource: K, fields: readonly string[], record?: Parameters<typeof decideFields<K>>[4]): void {
  const decision = decideFields(actor, resource, "write", fields, record);
  if (decision !== true) throw new HttpError(decision.status ?? 403, decision.reason, decision.params);
}
