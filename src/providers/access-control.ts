import type { AccessControlProvider } from "@refinedev/core";
import { authStore } from "../auth/store";
import { accessRedirect, findResource } from "../resources";

/** Hides what the server would refuse; the route guards refuse typed URLs too. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource }) => {
    const { me, permissions } = authStore.get();
    if (!me) return { can: false };
    const definition = findResource(resource);
    if (!definition) return { can: true };
    return { can: accessRedirect(definition.access, me, permissions) === null };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
