import { useCallback } from "react";
import type { BaseRecord } from "@refinedev/core";
import { can, type Action, type RecordFor } from "../../contracts/policies";
import { findResource } from "../resources";
import { actorOf, allows } from "../resources/access";
import type { Verb } from "../resources/define";
import { useAuthState } from "./store";

/**
 * The signed-in person's policy, as the server applies it: a function telling
 * whether they may do an action, in general or to one record. Screens use it
 * for what is no verb of a resource (seeing pay, writing pay).
 */
export function usePolicy(): <A extends Action>(action: A, record?: RecordFor<A>) => boolean {
  const { me, permissions } = useAuthState();
  return useCallback(
    <A extends Action>(action: A, record?: RecordFor<A>) =>
      me !== null && can({ id: me.id, access_level: me.access_level, permissions }, action, record),
    [me, permissions],
  );
}

/**
 * Whether the signed-in person may do a verb of a resource of the list, to a
 * record where given: the answer the menu, Refine's buttons and the route
 * guards get, so a screen's own buttons cannot say otherwise.
 */
export function useResourceAccess(): (resource: string, verb: Verb, record?: BaseRecord) => boolean {
  const { me, permissions } = useAuthState();
  return useCallback(
    (name: string, verb: Verb, record?: BaseRecord) => {
      const actor = actorOf({ me, permissions });
      const resource = findResource(name);
      return actor !== null && resource !== undefined && allows(actor, resource, verb, record);
    },
    [me, permissions],
  );
}
