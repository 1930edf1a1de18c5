import { can, type Action } from "../../contracts/permissions";
import { useAuthState } from "./store";

/** Whether the signed-in person may do an action (the server's own rule, to hide what it would refuse). */
export function useCanDo(action: Action, ownerId?: number): boolean {
  const { me, permissions } = useAuthState();
  return me !== null && can({ id: me.id, access_level: me.access_level, permissions }, action, ownerId);
}
