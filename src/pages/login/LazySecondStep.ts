import { lazy } from "react";
import { loadSignedInMessages } from "../../i18n/setup";

/**
 * The sign-in's second step (two-factor sign-in), loaded only when a password or a link asks for it,
 * with its messages: they are not in the sign-in page's catalogue, which stays within its budget.
 */
export const SecondStep = lazy(() => Promise.all([import("./SecondStep"), loadSignedInMessages()]).then(([module]) => module));
