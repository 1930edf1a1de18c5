import type { ComponentType } from "react";
import type { Action } from "../../../contracts/policies";
import { usePolicy } from "../../auth/usePolicy";

/**
 * A widget shown only to people its call's action is granted to: for anyone
 * else nothing renders and nothing is asked of the server (which would refuse).
 */
export function grantedOnly(action: Action, Widget: ComponentType): ComponentType {
  function Granted() {
    const may = usePolicy();
    return may(action) ? <Widget /> : null;
  }
  Granted.displayName = `Granted(${Widget.displayName ?? Widget.name})`;
  return Granted;
}
