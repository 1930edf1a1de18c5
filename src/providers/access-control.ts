import type { AccessControlProvider } from "@refinedev/core";
import type { Actor } from "../../contracts/policies";
import { allows, groupAllowed } from "../resources/access";
import { findResource } from "../resources";
import type { Verb } from "../resources/define";

/**
 * Hides what the server would refuse (menu entries, buttons): each verb's
 * policy action from the resource list, asked of the same can() as the
 * server, on the record when Refine passes one (params.record). The route
 * guards refuse typed URLs with the same answer. Whose access it answers for
 * is given: the signed-in person in the app, any actor in a test.
 */
export function createAccessControlProvider(currentActor: () => Actor | null): AccessControlProvider {
  return {
    can: async ({ resource, action, params }) => {
      const actor = currentActor();
      if (!actor || !resource) return { can: false };
      const definition = findResource(resource);
      if (!definition) return { can: groupAllowed(actor, resource) ?? false };
      return { can: allows(actor, definition, action as Verb, params?.record) };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
