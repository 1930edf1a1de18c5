import { useCallback } from "react";
import { can, type Action, type RecordFor } from "../../contracts/policies";
import { useAuthState } from "./store";

/**
 * The signed-in person's policy, as the server applies it: a function telling
 * whether they may do an action, in general or to one record. Screens use it
 * to hide what the server would refuse.
 */
export function usePolicy(): <A extends Action>(action: A, record?: RecordFor<A>) => boolean {
  const { me, permissions } = useAuthState();
  return useCallback(
    <A extends Action>(action: A, record?: RecordFor<A>) =>
      me !== null && can({ id: me.id, access_level: me.access_level, permissions }, action, record),
    [me, permissions],
  );
}
