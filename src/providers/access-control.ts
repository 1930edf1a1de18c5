import type { AccessControlProvider } from "@refinedev/core";
import { can } from "../../contracts/policies";
import { authStore } from "../auth/store";
import { accessRedirect, findResource } from "../resources";

/**
 * Hides what the server would refuse (menu items, create/edit/delete
 * buttons); the route guards refuse typed URLs too. Both ask can().
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action }) => {
    const { me, permissions } = authStore.get();
    if (!me) return { can: false };
    const definition = findResource(resource);
    if (!definition) return { can: true };
    const buttonAction = definition.actions?.[action as "create" | "edit" | "delete"];
    if (buttonAction) {
      return { can: can({ id: me.id, access_level: me.access_level, permissions }, buttonAction) };
    }
    return { can: accessRedirect(definition.access, me, permissions) === null };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
