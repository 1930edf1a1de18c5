/** The leave pages, each its own route of the Leave menu group, loaded with the first of them. */
export { default as own } from "./own";
export { default as approvals } from "./approvals";
export { default as calendar } from "./calendar";
export { default as balances } from "./balances";
