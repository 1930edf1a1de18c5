/** The people pages, as the resource list loads them: one form creates and edits. */
export { default as list } from "./list";
export { default as create, default as edit } from "./editor";
export { default as show } from "./show";
