import { definePolicy } from "./core";

/** One's own session, profile, picture, password and preferences: every signed-in person, for themselves only. */
export const accountPolicy = definePolicy<never>()({
  rules: {
    view: { everyone: true },
    update: { everyone: true },
    signOut: { everyone: true },
  },
});
